import type { SVGProps } from 'react';

/**
 * A few line icons as inline SVG (1em, currentColor). antd-mobile-icons costs ~2 KB per icon, and the shell
 * and home page need these on first paint.
 */
export type IconProps = SVGProps<SVGSVGElement>;

/** The frame every line icon draws in (24×24, 1.8 stroke); features draw their own icons in it too. */
export function LineIcon({ children, ...props }: IconProps) {
  return (
    <svg
      width="1em"
      height="1em"
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={1.8}
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
      {...props}
    >
      {children}
    </svg>
  );
}

export const HomeIcon = (p: IconProps) => (
  <LineIcon {...p}>
    <path d="M3 10.5 12 3l9 7.5" />
    <path d="M5 9v11h5v-6h4v6h5V9" />
  </LineIcon>
);

export const HeartIcon = (p: IconProps) => (
  <LineIcon {...p}>
    <path d="M12 20s-7.5-4.6-7.5-10.2A4.3 4.3 0 0 1 12 7.2a4.3 4.3 0 0 1 7.5 2.6C19.5 15.4 12 20 12 20z" />
  </LineIcon>
);

export const UserIcon = (p: IconProps) => (
  <LineIcon {...p}>
    <circle cx="12" cy="8" r="4" />
    <path d="M4 21c.8-4.2 4-6.5 8-6.5s7.2 2.3 8 6.5" />
  </LineIcon>
);

export const BackIcon = (p: IconProps) => (
  <LineIcon {...p}>
    <path d="M15 4 7 12l8 8" />
  </LineIcon>
);

export const SearchIcon = (p: IconProps) => (
  <LineIcon {...p}>
    <circle cx="11" cy="11" r="6.5" />
    <path d="m16 16 4.5 4.5" />
  </LineIcon>
);

export const TeamIcon = (p: IconProps) => (
  <LineIcon {...p}>
    <circle cx="9" cy="8.5" r="3.2" />
    <circle cx="17" cy="9.5" r="2.5" />
    <path d="M3 19c.6-3.3 3-5.2 6-5.2s5.4 1.9 6 5.2" />
    <path d="M15.5 14.2c2.6-.3 4.8 1.2 5.5 4.3" />
  </LineIcon>
);

export const PawIcon = (p: IconProps) => (
  <LineIcon {...p}>
    <path d="M12 12.5c-3 0-5.5 3-5.5 5.2 0 1.6 1.3 2.3 2.7 2.3 1.1 0 1.8-.6 2.8-.6s1.7.6 2.8.6c1.4 0 2.7-.7 2.7-2.3 0-2.2-2.5-5.2-5.5-5.2z" />
    <circle cx="5.5" cy="10" r="1.8" />
    <circle cx="9.2" cy="5.8" r="1.8" />
    <circle cx="14.8" cy="5.8" r="1.8" />
    <circle cx="18.5" cy="10" r="1.8" />
  </LineIcon>
);

export const QuestionIcon = (p: IconProps) => (
  <LineIcon {...p}>
    <circle cx="12" cy="12" r="9" />
    <path d="M9.5 9.5a2.5 2.5 0 1 1 3.5 2.3c-.7.3-1 .9-1 1.6v.6" />
    <path d="M12 17h.01" />
  </LineIcon>
);

export const AwardIcon = (p: IconProps) => (
  <LineIcon {...p}>
    <circle cx="12" cy="9" r="5.5" />
    <path d="m8.5 13.5-1.5 7 5-2.5 5 2.5-1.5-7" />
  </LineIcon>
);
