import { Result, type ResultProps } from 'antd';
import type { ReactNode } from 'react';
import './brand-result.css';

/** What a state is about: each has its own picture, drawn in Parley's colours. */
export type BrandResultKind = 'not-found' | 'server-error' | 'problem' | 'sign-in' | 'locked' | 'info' | 'done';

/** Glyphs inside the brand's speech bubble (the logo's shape), in a 96 px square. */
const glyphs: Record<BrandResultKind, ReactNode> = {
  'not-found': (
    <path d="M41 38a8 8 0 1 1 11 7.4c-2.3 1-4 2.9-4 5.4V54m0 7v.5" fill="none" strokeWidth="6" strokeLinecap="round" strokeLinejoin="round" />
  ),
  'server-error': <path d="M36 36l24 24m0-24L36 60" fill="none" strokeWidth="6" strokeLinecap="round" />,
  problem: <path d="M48 33v17m0 9v.5" fill="none" strokeWidth="6.5" strokeLinecap="round" />,
  'sign-in': (
    <>
      <circle cx="48" cy="40" r="8" fill="none" strokeWidth="5.5" />
      <path d="M33 62c2.5-7 8-10.5 15-10.5S60.5 55 63 62" fill="none" strokeWidth="5.5" strokeLinecap="round" />
    </>
  ),
  locked: (
    <>
      <rect x="35" y="44" width="26" height="20" rx="4" strokeWidth="0" />
      <path d="M40 44v-6a8 8 0 0 1 16 0v6" fill="none" strokeWidth="5.5" />
    </>
  ),
  info: <path d="M48 38v.5M48 46v15" fill="none" strokeWidth="6.5" strokeLinecap="round" />,
  done: <path d="M36 48l8.5 8.5L61 40" fill="none" strokeWidth="6.5" strokeLinecap="round" strokeLinejoin="round" />,
};

/** The picture alone, for a state drawn in a dialog (the access password overlay). */
export function BrandArt({ kind }: { kind: BrandResultKind }) {
  return (
    <svg className={`brand-result__art brand-result__art--${kind}`} viewBox="0 0 96 96" width="96" height="96" aria-hidden="true" focusable="false">
      <path className="brand-result__bubble" d="M20 18h56a10 10 0 0 1 10 10v36a10 10 0 0 1-10 10H44L26 88V74h-6a10 10 0 0 1-10-10V28a10 10 0 0 1 10-10z" />
      <g className="brand-result__glyph">{glyphs[kind]}</g>
    </svg>
  );
}

type BrandResultProps = Omit<ResultProps, 'status' | 'icon'> & { kind: BrandResultKind };

/**
 * A page or panel state (not found, failed, sign in first, locked, done) as antd's Result lays it
 * out, with Parley's own picture in place of antd's blue illustrations.
 */
export function BrandResult({ kind, className, ...props }: BrandResultProps) {
  return <Result {...props} className={['brand-result', className].filter(Boolean).join(' ')} icon={<BrandArt kind={kind} />} />;
}
