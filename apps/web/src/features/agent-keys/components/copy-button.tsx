import { CheckOutlined, CopyOutlined } from '@ant-design/icons';
import { Button, type ButtonProps } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { copyText } from '../../../lib/copy-text';
import { notify } from '../../../lib/notify';

interface CopyButtonProps extends Pick<ButtonProps, 'type' | 'size' | 'autoFocus'> {
  text: string;
  /** The button's words; without them it is an icon with `label` as its name. */
  children?: string;
  label: string;
}

/** Copies `text`, says so in a toast, and shows a tick for a moment. */
export function CopyButton({ text, children, label, ...rest }: CopyButtonProps) {
  const { t } = useTranslation('keys');
  const [copied, setCopied] = useState(false);
  useEffect(() => {
    if (!copied) return;
    const timer = setTimeout(() => setCopied(false), 2000);
    return () => clearTimeout(timer);
  }, [copied]);

  async function copy() {
    if (await copyText(text)) {
      setCopied(true);
      notify.success(t('copied'));
    } else notify.error(t('copyFailed'));
  }

  return (
    <Button {...rest} icon={copied ? <CheckOutlined aria-hidden /> : <CopyOutlined aria-hidden />} aria-label={children ? undefined : label} title={children ? undefined : label} onClick={() => void copy()}>
      {children}
    </Button>
  );
}
