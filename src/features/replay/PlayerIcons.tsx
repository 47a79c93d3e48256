/** The player's button icons as inline SVG (symbol glyphs like ⏮ are missing from many fonts). */
import type { SVGProps } from 'react';

type IconProps = SVGProps<SVGSVGElement>;

function Svg(props: IconProps) {
  return <svg width={18} height={18} viewBox="0 0 24 24" fill="currentColor" aria-hidden focusable={false} {...props} />;
}

export const PlayIcon = (props: IconProps) => (
  <Svg {...props}>
    <path d="M8 5v14l11-7z" />
  </Svg>
);

export const PauseIcon = (props: IconProps) => (
  <Svg {...props}>
    <path d="M7 5h4v14H7zM13 5h4v14h-4z" />
  </Svg>
);

export const StepBackIcon = (props: IconProps) => (
  <Svg {...props}>
    <path d="M6 5h2v14H6zM20 5v14L9 12z" />
  </Svg>
);

export const StepForwardIcon = (props: IconProps) => (
  <Svg {...props}>
    <path d="M16 5h2v14h-2zM4 5v14l11-7z" />
  </Svg>
);
