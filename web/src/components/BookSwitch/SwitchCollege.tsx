import { Alert, Button } from 'antd';
import { Msg } from '@textbook/contracts';
import { useSwitchCollege } from '../../api/college';

/** 请切换至{college}后使用。 with the switch button (spec §8, code 502). */
export function SwitchCollege({
  collegeId,
  collegeName,
  onSwitched,
}: {
  collegeId: number;
  collegeName: string;
  onSwitched?: () => void;
}) {
  const switchCollege = useSwitchCollege();
  return (
    <Alert
      type="warning"
      showIcon
      title={Msg.OTHER_COLLEGE(collegeName)}
      action={
        <Button
          size="small"
          type="primary"
          onClick={async () => {
            await switchCollege(collegeId);
            onSwitched?.();
          }}
        >
          切换至{collegeName}
        </Button>
      }
    />
  );
}
