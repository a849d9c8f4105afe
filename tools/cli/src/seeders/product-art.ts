import type { ArtKind } from './catalogue-data';

/**
 * Product pictures drawn at seed time (no downloads): a simple illustration of the kind of product on a soft
 * background in its category's colour, with a body colour, tilt and small accents chosen by a seeded random,
 * so cards of the same kind do not look identical and every fresh seed draws the same pictures.
 */

/** Body colours a product may come in. */
const BODY = ['#1f2937', '#2563eb', '#dc2626', '#059669', '#7c3aed', '#ea580c', '#0f766e', '#be185d', '#475569'];
const INK = '#1f2937';
const WHITE = '#f8fafc';

function hex(color: string): [number, number, number] {
  const n = parseInt(color.slice(1), 16);
  return [(n >> 16) & 255, (n >> 8) & 255, n & 255];
}

/** `color` mixed with white: amount 0 is the colour itself, 1 is white. */
export function tint(color: string, amount: number): string {
  const mixed = hex(color).map((v) => Math.round(v + (255 - v) * amount));
  return `#${mixed.map((v) => v.toString(16).padStart(2, '0')).join('')}`;
}

type Draw = (c: string, a: string) => string;

const DRAW: Record<ArtKind, Draw> = {
  phone: (c, a) => `
    <rect x="270" y="140" width="260" height="520" rx="40" fill="${c}"/>
    <rect x="288" y="180" width="224" height="430" rx="14" fill="${a}"/>
    <circle cx="360" cy="330" r="60" fill="${WHITE}" opacity=".35"/>
    <rect x="320" y="430" width="160" height="18" rx="9" fill="${WHITE}" opacity=".6"/>
    <rect x="320" y="465" width="110" height="18" rx="9" fill="${WHITE}" opacity=".45"/>
    <circle cx="400" cy="160" r="7" fill="${INK}"/>`,
  tablet: (c, a) => `
    <rect x="170" y="190" width="460" height="420" rx="36" fill="${c}"/>
    <rect x="195" y="215" width="410" height="370" rx="12" fill="${a}"/>
    <circle cx="300" cy="320" r="55" fill="${WHITE}" opacity=".35"/>
    <rect x="380" y="290" width="180" height="20" rx="10" fill="${WHITE}" opacity=".6"/>
    <rect x="380" y="330" width="130" height="20" rx="10" fill="${WHITE}" opacity=".45"/>
    <rect x="230" y="420" width="330" height="120" rx="12" fill="${WHITE}" opacity=".25"/>`,
  earbuds: (c, a) => `
    <rect x="220" y="380" width="360" height="230" rx="110" fill="${c}"/>
    <rect x="220" y="470" width="360" height="8" fill="${INK}" opacity=".35"/>
    <circle cx="400" cy="540" r="10" fill="${a}"/>
    <g transform="rotate(-20 300 260)"><rect x="265" y="170" width="70" height="130" rx="35" fill="${WHITE}"/><rect x="285" y="280" width="30" height="110" rx="15" fill="${WHITE}"/><circle cx="300" cy="205" r="18" fill="${a}"/></g>
    <g transform="rotate(20 500 260)"><rect x="465" y="170" width="70" height="130" rx="35" fill="${WHITE}"/><rect x="485" y="280" width="30" height="110" rx="15" fill="${WHITE}"/><circle cx="500" cy="205" r="18" fill="${a}"/></g>`,
  powerbank: (c, a) => `
    <rect x="250" y="170" width="300" height="470" rx="46" fill="${c}"/>
    <rect x="300" y="230" width="200" height="90" rx="16" fill="${INK}" opacity=".35"/>
    <rect x="320" y="255" width="40" height="40" rx="6" fill="${a}"/><rect x="370" y="255" width="40" height="40" rx="6" fill="${a}"/><rect x="420" y="255" width="40" height="40" rx="6" fill="${a}" opacity=".4"/>
    <path d="M410 390 L360 480 H405 L385 560 L450 455 H405 Z" fill="${WHITE}"/>
    <rect x="350" y="640" width="100" height="22" rx="6" fill="${INK}"/>`,
  laptop: (c, a) => `
    <rect x="200" y="180" width="400" height="280" rx="22" fill="${c}"/>
    <rect x="222" y="202" width="356" height="236" rx="8" fill="${a}"/>
    <circle cx="320" cy="300" r="48" fill="${WHITE}" opacity=".35"/>
    <rect x="390" y="270" width="150" height="16" rx="8" fill="${WHITE}" opacity=".6"/>
    <rect x="390" y="305" width="110" height="16" rx="8" fill="${WHITE}" opacity=".45"/>
    <path d="M140 480 H660 L630 540 H170 Z" fill="${tint(c, 0.25)}"/>
    <rect x="350" y="480" width="100" height="14" rx="7" fill="${INK}" opacity=".35"/>`,
  mouse: (c, a) => `
    <path d="M400 170 C520 170 560 280 560 400 C560 560 490 640 400 640 C310 640 240 560 240 400 C240 280 280 170 400 170 Z" fill="${c}"/>
    <path d="M400 170 V350" stroke="${INK}" stroke-width="8" opacity=".4"/>
    <rect x="385" y="230" width="30" height="70" rx="15" fill="${a}"/>
    <path d="M400 170 C470 110 520 80 590 90" stroke="${INK}" stroke-width="10" fill="none" opacity=".5"/>`,
  tv: (c, a) => `
    <rect x="130" y="170" width="540" height="340" rx="18" fill="${INK}"/>
    <rect x="150" y="190" width="500" height="300" rx="6" fill="${a}"/>
    <path d="M150 420 L300 310 L400 390 L500 300 L650 430 V490 H150 Z" fill="${WHITE}" opacity=".35"/>
    <circle cx="560" cy="260" r="36" fill="${WHITE}" opacity=".6"/>
    <rect x="380" y="510" width="40" height="70" fill="${c}"/>
    <rect x="290" y="570" width="220" height="24" rx="12" fill="${c}"/>`,
  speaker: (c, a) => `
    <rect x="180" y="300" width="440" height="230" rx="110" fill="${c}"/>
    <circle cx="300" cy="415" r="70" fill="${INK}" opacity=".5"/><circle cx="300" cy="415" r="30" fill="${a}"/>
    <circle cx="500" cy="415" r="70" fill="${INK}" opacity=".5"/><circle cx="500" cy="415" r="30" fill="${a}"/>
    <rect x="360" y="320" width="80" height="14" rx="7" fill="${WHITE}" opacity=".5"/>`,
  fan: (c, a) => `
    <rect x="385" y="400" width="30" height="210" fill="${INK}"/>
    <ellipse cx="400" cy="620" rx="140" ry="30" fill="${c}"/>
    <circle cx="400" cy="320" r="180" fill="${WHITE}" opacity=".55" stroke="${c}" stroke-width="14"/>
    <g fill="${a}"><ellipse cx="400" cy="230" rx="45" ry="85"/><ellipse cx="400" cy="230" rx="45" ry="85" transform="rotate(120 400 320)"/><ellipse cx="400" cy="230" rx="45" ry="85" transform="rotate(240 400 320)"/></g>
    <circle cx="400" cy="320" r="30" fill="${c}"/>`,
  panel: (c, a) => `
    <g transform="skewX(-10)">
    <rect x="250" y="170" width="400" height="430" rx="10" fill="${WHITE}"/>
    <rect x="265" y="185" width="370" height="400" fill="${c}"/>
    <g stroke="${WHITE}" stroke-width="5" opacity=".7"><path d="M357 185 V585 M450 185 V585 M542 185 V585 M265 285 H635 M265 385 H635 M265 485 H635"/></g></g>
    <circle cx="650" cy="140" r="46" fill="${a}"/>`,
  dress: (c, a) => `
    <path d="M330 150 L360 140 Q400 200 440 140 L470 150 L490 300 L590 640 H210 L310 300 Z" fill="${c}"/>
    <path d="M310 300 H490" stroke="${a}" stroke-width="22"/>
    <g fill="${a}" opacity=".8"><circle cx="330" cy="430" r="22"/><circle cx="420" cy="480" r="22"/><circle cx="480" cy="400" r="18"/><circle cx="300" cy="560" r="22"/><circle cx="400" cy="580" r="18"/><circle cx="510" cy="560" r="22"/><circle cx="380" cy="380" r="14"/></g>`,
  shirt: (c, a) => `
    <path d="M310 160 L220 200 L150 330 L230 370 L270 310 L270 640 H530 L530 310 L570 370 L650 330 L580 200 L490 160 Q400 240 310 160 Z" fill="${c}"/>
    <path d="M310 160 Q400 240 490 160" stroke="${a}" stroke-width="16" fill="none"/>
    <g stroke="${a}" stroke-width="14" opacity=".7"><path d="M270 420 H530 M270 500 H530"/></g>
    <rect x="420" y="290" width="60" height="60" rx="10" fill="${a}" opacity=".6"/>`,
  shoe: (c, a) => `
    <path d="M170 560 L190 380 Q250 360 300 400 L380 440 Q500 470 600 500 Q650 520 640 580 H180 Z" fill="${c}"/>
    <path d="M165 580 H645 V610 Q645 625 630 625 H180 Q165 625 165 610 Z" fill="${WHITE}"/>
    <g stroke="${WHITE}" stroke-width="8" stroke-linecap="round"><path d="M320 420 L350 470 M360 435 L390 480 M400 450 L425 490"/></g>
    <path d="M190 380 Q250 360 300 400" stroke="${a}" stroke-width="14" fill="none"/>`,
  cap: (c, a) => `
    <path d="M220 520 Q230 250 400 230 Q570 250 580 520 Z" fill="${c}"/>
    <path d="M220 520 H580" stroke="${a}" stroke-width="30"/>
    <g stroke="${a}" stroke-width="10" opacity=".7"><path d="M280 330 Q400 300 520 330 M250 420 Q400 390 550 420"/></g>
    <path d="M400 230 Q460 200 430 150" stroke="${c}" stroke-width="16" fill="none"/>`,
  bottle: (c, a) => `
    <rect x="365" y="120" width="70" height="70" rx="10" fill="${INK}"/>
    <rect x="375" y="180" width="50" height="60" fill="${tint(c, 0.3)}"/>
    <path d="M375 240 Q290 270 290 360 V620 Q290 660 330 660 H470 Q510 660 510 620 V360 Q510 270 425 240 Z" fill="${c}"/>
    <rect x="310" y="400" width="180" height="160" rx="14" fill="${WHITE}"/>
    <circle cx="400" cy="460" r="30" fill="${a}"/><rect x="340" y="510" width="120" height="14" rx="7" fill="${a}" opacity=".6"/>`,
  jar: (c, a) => `
    <rect x="250" y="220" width="300" height="90" rx="20" fill="${a}"/>
    <rect x="230" y="300" width="340" height="330" rx="50" fill="${c}"/>
    <rect x="270" y="380" width="260" height="160" rx="14" fill="${WHITE}"/>
    <path d="M400 410 C440 440 440 490 400 510 C360 490 360 440 400 410 Z" fill="${a}"/>
    <rect x="260" y="250" width="280" height="12" rx="6" fill="${WHITE}" opacity=".4"/>`,
  pot: (c, a) => `
    <rect x="300" y="220" width="200" height="30" rx="15" fill="${INK}"/>
    <path d="M190 290 Q400 230 610 290 V310 H190 Z" fill="${tint(c, 0.2)}"/>
    <path d="M200 310 H600 V540 Q600 620 520 620 H280 Q200 620 200 540 Z" fill="${c}"/>
    <rect x="120" y="340" width="90" height="32" rx="16" fill="${INK}"/><rect x="590" y="340" width="90" height="32" rx="16" fill="${INK}"/>
    <path d="M230 420 H570" stroke="${a}" stroke-width="16" opacity=".7"/>`,
  kettle: (c, a) => `
    <path d="M280 250 Q400 200 520 250 L560 600 H240 Z" fill="${c}"/>
    <path d="M520 290 Q650 300 620 470 Q600 540 555 560" stroke="${INK}" stroke-width="34" fill="none"/>
    <path d="M280 330 L170 230 L150 250 L250 390 Z" fill="${c}"/>
    <rect x="220" y="600" width="360" height="40" rx="14" fill="${INK}"/>
    <rect x="340" y="200" width="120" height="34" rx="14" fill="${INK}"/>
    <rect x="300" y="380" width="22" height="170" rx="11" fill="${a}" opacity=".8"/>`,
  blender: (c, a) => `
    <rect x="330" y="130" width="140" height="40" rx="12" fill="${INK}"/>
    <path d="M300 170 H500 L470 470 H330 Z" fill="${WHITE}" opacity=".75" stroke="${INK}" stroke-width="6"/>
    <path d="M318 330 H482 L470 470 H330 Z" fill="${a}" opacity=".8"/>
    <path d="M500 210 Q570 220 560 330 L490 360" stroke="${INK}" stroke-width="18" fill="none"/>
    <path d="M300 470 H500 L540 640 H260 Z" fill="${c}"/>
    <circle cx="400" cy="560" r="30" fill="${WHITE}"/>`,
  sack: (c, a) => `
    <path d="M250 200 Q400 160 550 200 L600 620 Q400 670 200 620 Z" fill="${tint(c, 0.55)}"/>
    <path d="M250 200 Q400 240 550 200" stroke="${INK}" stroke-width="10" fill="none" opacity=".4"/>
    <rect x="260" y="330" width="280" height="200" rx="20" fill="${c}"/>
    <path d="M330 470 Q400 360 470 470" stroke="${a}" stroke-width="20" fill="none"/>
    <ellipse cx="400" cy="420" rx="34" ry="22" fill="${WHITE}"/>
    <g fill="${WHITE}" opacity=".6"><ellipse cx="270" cy="650" rx="16" ry="9"/><ellipse cx="560" cy="655" rx="16" ry="9"/><ellipse cx="600" cy="640" rx="12" ry="7"/></g>`,
  jerrycan: (c, a) => `
    <path d="M240 250 H480 L560 330 V620 Q560 650 530 650 H270 Q240 650 240 620 Z" fill="${c}"/>
    <rect x="270" y="190" width="120" height="80" rx="30" fill="none" stroke="${c}" stroke-width="30"/>
    <rect x="470" y="210" width="60" height="60" rx="10" fill="${INK}"/>
    <rect x="280" y="380" width="240" height="170" rx="16" fill="${WHITE}"/>
    <path d="M400 410 C440 450 440 500 400 520 C360 500 360 450 400 410 Z" fill="${a}"/>`,
  grocerybag: (c, a) => `
    <circle cx="330" cy="250" r="70" fill="#dc2626"/><circle cx="460" cy="230" r="62" fill="#f59e0b"/>
    <path d="M400 140 Q420 200 380 240" stroke="#15803d" stroke-width="20" fill="none"/>
    <ellipse cx="540" cy="280" rx="44" ry="90" fill="#16a34a" transform="rotate(25 540 280)"/>
    <path d="M220 290 H580 L550 640 H250 Z" fill="${c}"/>
    <rect x="300" y="400" width="200" height="120" rx="14" fill="${WHITE}"/>
    <rect x="330" y="440" width="140" height="16" rx="8" fill="${a}"/><rect x="350" y="470" width="100" height="14" rx="7" fill="${a}" opacity=".6"/>`,
  teddy: (c, a) => `
    <circle cx="290" cy="200" r="60" fill="${c}"/><circle cx="510" cy="200" r="60" fill="${c}"/>
    <circle cx="290" cy="200" r="30" fill="${a}"/><circle cx="510" cy="200" r="30" fill="${a}"/>
    <ellipse cx="400" cy="500" rx="170" ry="160" fill="${c}"/>
    <circle cx="400" cy="290" r="140" fill="${c}"/>
    <ellipse cx="400" cy="330" rx="60" ry="45" fill="${tint(c, 0.5)}"/>
    <circle cx="350" cy="265" r="14" fill="${INK}"/><circle cx="450" cy="265" r="14" fill="${INK}"/><circle cx="400" cy="315" r="16" fill="${INK}"/>
    <ellipse cx="400" cy="520" rx="90" ry="85" fill="${tint(c, 0.5)}"/>
    <path d="M350 420 L400 445 L450 420 L450 470 L400 445 L350 470 Z" fill="${a}"/>`,
  ball: (c, a) => `
    <circle cx="400" cy="400" r="230" fill="${WHITE}"/>
    <path d="M400 320 L476 375 L447 465 H353 L324 375 Z" fill="${c}"/>
    <g fill="${c}"><path d="M400 170 L460 190 L476 250 L400 280 L324 250 L340 190 Z" opacity=".9"/><path d="M600 320 L630 400 L600 480 L530 440 L520 360 Z"/><path d="M200 320 L280 360 L270 440 L200 480 L170 400 Z"/><path d="M310 600 L360 530 H440 L490 600 L430 630 H370 Z"/></g>
    <circle cx="400" cy="400" r="230" fill="none" stroke="${a}" stroke-width="12"/>`,
  dumbbell: (c, a) => `
    <rect x="250" y="385" width="300" height="30" rx="12" fill="${INK}" opacity=".7"/>
    <rect x="150" y="280" width="70" height="240" rx="18" fill="${c}"/><rect x="220" y="310" width="50" height="180" rx="14" fill="${tint(c, 0.2)}"/>
    <rect x="580" y="280" width="70" height="240" rx="18" fill="${c}"/><rect x="530" y="310" width="50" height="180" rx="14" fill="${tint(c, 0.2)}"/>
    <rect x="170" y="300" width="12" height="200" rx="6" fill="${a}" opacity=".6"/><rect x="600" y="300" width="12" height="200" rx="6" fill="${a}" opacity=".6"/>`,
  tyre: (c, a) => `
    <circle cx="400" cy="400" r="240" fill="${INK}"/>
    <circle cx="400" cy="400" r="240" fill="none" stroke="#374151" stroke-width="30" stroke-dasharray="30 22"/>
    <circle cx="400" cy="400" r="140" fill="${tint(c, 0.4)}"/>
    <g stroke="${c}" stroke-width="26" stroke-linecap="round"><path d="M400 280 V520 M296 340 L504 460 M296 460 L504 340"/></g>
    <circle cx="400" cy="400" r="44" fill="${a}"/>`,
  battery: (c, a) => `
    <rect x="180" y="250" width="440" height="340" rx="26" fill="${c}"/>
    <rect x="180" y="250" width="440" height="70" rx="26" fill="${INK}"/>
    <rect x="240" y="200" width="70" height="50" rx="8" fill="${WHITE}"/><rect x="490" y="200" width="70" height="50" rx="8" fill="${INK}"/>
    <path d="M410 370 L350 470 H400 L380 550 L460 440 H410 Z" fill="${a}"/>
    <text x="275" y="300" font-family="DejaVu Sans, sans-serif" font-size="40" font-weight="700" fill="${WHITE}" text-anchor="middle">+</text>
    <text x="525" y="300" font-family="DejaVu Sans, sans-serif" font-size="40" font-weight="700" fill="${WHITE}" text-anchor="middle">−</text>`,
  book: (c, a) => `
    <rect x="250" y="170" width="330" height="460" rx="12" fill="${WHITE}"/>
    <rect x="230" y="150" width="320" height="460" rx="14" fill="${c}"/>
    <rect x="230" y="150" width="40" height="460" rx="14" fill="${INK}" opacity=".3"/>
    <rect x="310" y="230" width="190" height="22" rx="11" fill="${WHITE}" opacity=".85"/>
    <rect x="310" y="270" width="140" height="16" rx="8" fill="${WHITE}" opacity=".6"/>
    <circle cx="405" cy="430" r="70" fill="${a}"/><path d="M405 360 L425 430 L405 500 L385 430 Z" fill="${WHITE}" opacity=".6"/>`,
  calculator: (c, a) => `
    <rect x="250" y="140" width="300" height="520" rx="36" fill="${c}"/>
    <rect x="285" y="180" width="230" height="110" rx="12" fill="#c7d2c0"/>
    <rect x="330" y="225" width="150" height="20" rx="6" fill="${INK}" opacity=".5"/>
    ${[0, 1, 2, 3]
      .flatMap((row) =>
        [0, 1, 2, 3].map(
          (col) =>
            `<rect x="${290 + col * 56}" y="${320 + row * 76}" width="44" height="56" rx="10" fill="${col === 3 ? a : WHITE}" opacity="${col === 3 ? 1 : 0.85}"/>`,
        ),
      )
      .join('')}`,
  gamepad: (c, a) => `
    <path d="M230 300 H570 Q660 300 680 420 L700 540 Q710 620 640 620 Q600 620 570 560 L540 500 H260 L230 560 Q200 620 160 620 Q90 620 100 540 L120 420 Q140 300 230 300 Z" fill="${c}"/>
    <g fill="${WHITE}"><rect x="215" y="385" width="90" height="30" rx="8"/><rect x="245" y="355" width="30" height="90" rx="8"/></g>
    <g fill="${a}"><circle cx="545" cy="365" r="20"/><circle cx="585" cy="405" r="20"/><circle cx="505" cy="405" r="20"/><circle cx="545" cy="445" r="20"/></g>
    <circle cx="335" cy="480" r="34" fill="${INK}" opacity=".6"/><circle cx="465" cy="480" r="34" fill="${INK}" opacity=".6"/>`,
  headset: (c, a) => `
    <path d="M220 470 V380 Q220 190 400 190 Q580 190 580 380 V470" stroke="${c}" stroke-width="40" fill="none"/>
    <rect x="170" y="400" width="120" height="200" rx="50" fill="${c}"/><rect x="510" y="400" width="120" height="200" rx="50" fill="${c}"/>
    <rect x="260" y="420" width="40" height="160" rx="18" fill="${a}"/><rect x="500" y="420" width="40" height="160" rx="18" fill="${a}"/>
    <path d="M230 580 Q260 660 360 650" stroke="${INK}" stroke-width="12" fill="none"/><circle cx="365" cy="650" r="16" fill="${INK}"/>`,
  watch: (c, a) => `
    <rect x="330" y="110" width="140" height="200" rx="30" fill="${c}"/><rect x="330" y="490" width="140" height="200" rx="30" fill="${c}"/>
    <circle cx="400" cy="400" r="150" fill="${a}"/>
    <circle cx="400" cy="400" r="120" fill="${WHITE}"/>
    <g stroke="${INK}" stroke-width="8" stroke-linecap="round"><path d="M400 300 V315 M400 485 V500 M300 400 H315 M485 400 H500"/></g>
    <path d="M400 400 V330 M400 400 L450 430" stroke="${INK}" stroke-width="12" stroke-linecap="round"/>
    <rect x="548" y="385" width="24" height="30" rx="6" fill="${a}"/>`,
  necklace: (c, a) => `
    <path d="M210 180 Q400 740 590 180" stroke="${a}" stroke-width="10" fill="none"/>
    ${Array.from({ length: 13 }, (_, k) => {
      const t = 0.1 + (k / 12) * 0.8;
      const x = (1 - t) * (1 - t) * 210 + 2 * (1 - t) * t * 400 + t * t * 590;
      const y = (1 - t) * (1 - t) * 180 + 2 * (1 - t) * t * 740 + t * t * 180;
      return `<circle cx="${x.toFixed(0)}" cy="${y.toFixed(0)}" r="${k === 6 ? 46 : 24}" fill="${k === 6 ? a : c}"/>`;
    }).join('')}`,
  generator: (c, a) => `
    <rect x="160" y="260" width="480" height="320" rx="24" fill="${c}"/>
    <rect x="140" y="220" width="520" height="40" rx="16" fill="${INK}"/>
    <rect x="200" y="310" width="180" height="140" rx="14" fill="${INK}" opacity=".5"/>
    <g stroke="${WHITE}" stroke-width="8" opacity=".7"><path d="M220 340 H360 M220 370 H360 M220 400 H360 M220 430 H360"/></g>
    <rect x="430" y="310" width="160" height="90" rx="12" fill="${WHITE}"/><circle cx="470" cy="355" r="18" fill="${a}"/><circle cx="540" cy="355" r="18" fill="${INK}"/>
    <circle cx="230" cy="610" r="34" fill="${INK}"/><circle cx="570" cy="610" r="34" fill="${INK}"/>`,
  plant: (c, a) => `
    <g fill="#15803d"><path d="M400 460 Q300 300 340 140 Q420 280 400 460 Z"/><path d="M400 460 Q480 280 560 200 Q540 380 400 460 Z" fill="#22c55e"/><path d="M400 460 Q280 420 210 290 Q360 320 400 460 Z" fill="#16a34a"/><path d="M400 460 Q430 260 420 110 Q490 300 400 460 Z" fill="#4ade80"/></g>
    <path d="M270 450 H530 L500 650 H300 Z" fill="${c}"/>
    <rect x="255" y="440" width="290" height="50" rx="12" fill="${tint(c, 0.2)}"/>
    <path d="M300 560 H500" stroke="${a}" stroke-width="14" opacity=".7"/>`,
  chair: (c, a) => `
    <path d="M270 160 Q400 130 530 160 L520 420 H280 Z" fill="${c}"/>
    <g stroke="${tint(c, 0.4)}" stroke-width="14"><path d="M320 200 V400 M400 190 V400 M480 200 V400"/></g>
    <path d="M230 420 H570 L550 480 H250 Z" fill="${tint(c, 0.15)}"/>
    <g stroke="${c}" stroke-width="26" stroke-linecap="round"><path d="M270 480 L240 650 M530 480 L560 650 M330 480 L320 620 M470 480 L480 620"/></g>
    <rect x="210" y="330" width="40" height="100" rx="18" fill="${a}"/><rect x="550" y="330" width="40" height="100" rx="18" fill="${a}"/>`,
};

/** An SVG picture of a product of this kind, varied by the seeded `random` (same sequence, same picture). */
export function productArtSvg(kind: ArtKind, categoryColor: string, random: () => number): Buffer {
  const pickColor = (not?: string) => {
    const choices = BODY.filter((b) => b !== not);
    return choices[Math.floor(random() * choices.length)];
  };
  const body = pickColor();
  const accent = pickColor(body);
  const tilt = ((random() * 2 - 1) * 8).toFixed(1);
  const background = tint(categoryColor, 0.86);
  const blob = tint(categoryColor, 0.72);
  const bx = 120 + Math.floor(random() * 560);
  const by = 120 + Math.floor(random() * 200);
  const dots = Array.from({ length: 3 + Math.floor(random() * 4) }, () => {
    const x = 60 + Math.floor(random() * 680);
    const y = 60 + Math.floor(random() * 680);
    const r = 6 + Math.floor(random() * 12);
    return `<circle cx="${x}" cy="${y}" r="${r}" fill="${categoryColor}" opacity=".18"/>`;
  }).join('');
  return Buffer.from(`<svg xmlns="http://www.w3.org/2000/svg" width="800" height="800" viewBox="0 0 800 800">
  <rect width="800" height="800" fill="${background}"/>
  <circle cx="${bx}" cy="${by}" r="${220 + Math.floor(random() * 80)}" fill="${blob}" opacity=".7"/>
  ${dots}
  <ellipse cx="400" cy="690" rx="250" ry="34" fill="${INK}" opacity=".12"/>
  <g transform="rotate(${tilt} 400 400)">${DRAW[kind](body, accent)}</g>
</svg>`);
}
