import { Button, Flex, Typography } from 'antd';
import { LeftOutlined, RightOutlined } from '@ant-design/icons';
import { MSG } from '@jara/contracts';

/** Prev/Next with 'Page x of y' (spec 2.20, 2.23, 2.24). */
export function Pager({
  currentPage,
  pageCount,
  onChange,
}: {
  currentPage: number;
  pageCount: number;
  onChange: (page: number) => void;
}) {
  const pages = Math.max(1, pageCount || 1);
  return (
    <Flex align="center" justify="flex-end" gap={12} style={{ marginTop: 16 }}>
      <Button icon={<LeftOutlined />} disabled={currentPage <= 1} onClick={() => onChange(currentPage - 1)}>
        {MSG.common.prev}
      </Button>
      <Typography.Text aria-live="polite">{MSG.common.pageOf(Math.min(currentPage, pages), pages)}</Typography.Text>
      <Button disabled={currentPage >= pages} onClick={() => onChange(currentPage + 1)}>
        {MSG.common.next} <RightOutlined />
      </Button>
    </Flex>
  );
}
