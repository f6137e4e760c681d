import { Button, type ButtonProps } from 'antd';
import type { MouseEvent, ReactNode } from 'react';
import { useNavigate } from 'react-router';

interface LinkButtonProps {
  to: string;
  children?: ReactNode;
  icon?: ReactNode;
  /** Primary unless told otherwise. */
  type?: ButtonProps['type'];
  /** For an icon-only link. */
  'aria-label'?: string;
}

/** A link that looks like a button: real href for new tabs, in-app navigation on click. */
export function LinkButton({ to, children, icon, type = 'primary', 'aria-label': ariaLabel }: LinkButtonProps) {
  const navigate = useNavigate();
  function follow(event: MouseEvent) {
    if (event.metaKey || event.ctrlKey || event.shiftKey || event.button !== 0) return;
    event.preventDefault();
    void navigate(to);
  }
  return (
    <Button type={type} href={to} icon={icon} onClick={follow} aria-label={ariaLabel}>
      {children}
    </Button>
  );
}
