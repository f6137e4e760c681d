import { useState } from 'react';
import './broker-logo.css';

/** A broker's logo, or its first letter when there is none or it fails to load. */
export function BrokerLogo({ src, name }: { src: string | null; name: string }) {
  const [failed, setFailed] = useState(false);
  if (!src || failed) {
    return (
      <span className="broker-logo broker-logo--letter" aria-hidden>
        {Array.from(name.trim())[0]?.toUpperCase() ?? '?'}
      </span>
    );
  }
  return <img className="broker-logo" src={src} alt="" loading="lazy" onError={() => setFailed(true)} />;
}
