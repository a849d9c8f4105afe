import { useEffect } from 'react';

function reactOwned(node: Node): boolean {
  return Object.keys(node).some((key) => key.startsWith('__react'));
}

/**
 * The third-party live-chat widget of the Support Center (spec 2.18), loaded only while this screen is shown and only
 * when the server has a widget configured (LIVE_CHAT_ID). The script is added after the page is interactive (React does
 * not run scripts it renders on client-side navigation); leaving the screen removes the script and whatever the widget
 * added to <body>, so the chat does not follow the user around the account.
 */
export function LiveChat({ src }: { src: string }) {
  useEffect(() => {
    const added: Node[] = [];
    const observer = new MutationObserver((records) => {
      for (const record of records) record.addedNodes.forEach((node) => added.push(node));
    });
    observer.observe(document.body, { childList: true });
    const script = document.createElement('script');
    script.src = src;
    script.async = true;
    script.charset = 'UTF-8';
    script.dataset.liveChat = 'true';
    script.referrerPolicy = 'strict-origin-when-cross-origin';
    document.body.appendChild(script);
    return () => {
      observer.disconnect();
      script.remove();
      for (const node of added)
        if (node.parentNode === document.body && !reactOwned(node)) node.parentNode.removeChild(node);
    };
  }, [src]);
  return null;
}
