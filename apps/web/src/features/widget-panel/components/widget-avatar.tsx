import { RobotOutlined } from '@ant-design/icons';
import { useState } from 'react';
import { useImageLoadsInline } from '../../site';

/** The agent's picture when it may load here (this site's, or an allowed host's), else the robot. */
export function WidgetAvatar({ src, size }: { src: string | null; size: number }) {
  const loadsInline = useImageLoadsInline();
  const [failed, setFailed] = useState(false);
  const image = src && !failed && loadsInline(src) ? src : null;
  return (
    <span className="widget-avatar" style={{ width: size, height: size, fontSize: size / 2 }} aria-hidden>
      {image ? <img src={image} alt="" onError={() => setFailed(true)} /> : <RobotOutlined />}
    </span>
  );
}
