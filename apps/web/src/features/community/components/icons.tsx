import { LineIcon, type IconProps } from '../../../shared/ui/icons';

/** The community's line icons (inline SVG, 1em, currentColor), drawn in the shared icons' frame. */
export const HeartIcon = ({ filled, ...p }: IconProps & { filled?: boolean }) => (
  <LineIcon {...p}>
    <path
      d="M12 20s-7.5-4.6-7.5-10.2A4.3 4.3 0 0 1 12 7.2a4.3 4.3 0 0 1 7.5 2.6C19.5 15.4 12 20 12 20z"
      fill={filled ? 'currentColor' : 'none'}
    />
  </LineIcon>
);

export const CommentIcon = (p: IconProps) => (
  <LineIcon {...p}>
    <path d="M4 5.5h16v10.5H9l-5 4z" />
  </LineIcon>
);

export const PlayIcon = (p: IconProps) => (
  <LineIcon {...p}>
    <path d="M8 5.5v13l10.5-6.5z" fill="currentColor" />
  </LineIcon>
);

export const CameraIcon = (p: IconProps) => (
  <LineIcon {...p}>
    <rect x="3" y="6" width="13" height="12" rx="2.5" />
    <path d="m16 10.5 5-3v9l-5-3" />
  </LineIcon>
);

export const PlusIcon = (p: IconProps) => (
  <LineIcon {...p}>
    <path d="M12 5v14M5 12h14" />
  </LineIcon>
);

export const ChevronIcon = (p: IconProps) => (
  <LineIcon {...p}>
    <path d="m9 5 7 7-7 7" />
  </LineIcon>
);

export const TrashIcon = (p: IconProps) => (
  <LineIcon {...p}>
    <path d="M4.5 7h15M10 7V4.5h4V7M6.5 7l1 13h9l1-13" />
  </LineIcon>
);

export const EditIcon = (p: IconProps) => (
  <LineIcon {...p}>
    <path d="M4 20h4L19 9l-4-4L4 16z" />
  </LineIcon>
);
