import { Button, type ButtonProps } from 'antd';
import type { MouseEvent, ReactNode, Ref } from 'react';
import { useNavigate } from 'react-router';

interface LinkButtonProps extends Pick<ButtonProps, 'onMouseEnter' | 'onMouseLeave' | 'onFocus' | 'onBlur' | 'onPointerEnter' | 'onPointerLeave'> {
  to: string;
  children?: ReactNode;
  icon?: ReactNode;
  /** Primary unless told otherwise. */
  type?: ButtonProps['type'];
  /** For an icon-only link. */
  'aria-label'?: string;
  /** With the hover and focus handlers, what a Tooltip around it sets to show itself beside it. */
  ref?: Ref<HTMLAnchorElement | HTMLButtonElement>;
}

/** A link that looks like a button: real href for new tabs, in-app navigation on click. */
export function LinkButton({ to, children, icon, type = 'primary', ...rest }: LinkButtonProps) {
  const navigate = useNavigate();
  function follow(event: MouseEvent) {
    if (event.metaKey || event.ctrlKey || event.shiftKey || event.button !== 0) return;
    event.preventDefault();
    void navigate(to);
  }
  return (
    <Button {...rest} type={type} href={to} icon={icon} onClick={follow}>
      {children}
    </Button>
  );
}
