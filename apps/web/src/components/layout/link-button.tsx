import { Button } from 'antd';
import type { MouseEvent, ReactNode } from 'react';
import { useNavigate } from 'react-router';

interface LinkButtonProps {
  to: string;
  children: ReactNode;
  icon?: ReactNode;
}

/** A link that looks like a primary button: real href for new tabs, in-app navigation on click. */
export function LinkButton({ to, children, icon }: LinkButtonProps) {
  const navigate = useNavigate();
  function follow(event: MouseEvent) {
    if (event.metaKey || event.ctrlKey || event.shiftKey || event.button !== 0) return;
    event.preventDefault();
    void navigate(to);
  }
  return (
    <Button type="primary" href={to} icon={icon} onClick={follow}>
      {children}
    </Button>
  );
}
