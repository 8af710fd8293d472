import { LineIcon, type IconProps } from '../../shared/ui/icons';

/** The live room's line icons (inline SVG, 1em, currentColor), drawn in the shared icons' frame. */
export const ReportIcon = (p: IconProps) => (
  <LineIcon {...p}>
    <path d="M5 21V4" />
    <path d="M5 4h11l-2 4 2 4H5" />
  </LineIcon>
);

export const RecordIcon = (p: IconProps) => (
  <LineIcon {...p}>
    <rect x="3" y="6" width="13" height="12" rx="2.5" />
    <path d="m16 10.5 5-3v9l-5-3" />
    <circle cx="9.5" cy="12" r="2" fill="currentColor" stroke="none" />
  </LineIcon>
);

export const FeedIcon = (p: IconProps) => (
  <LineIcon {...p}>
    <path d="M3 12h18a9 9 0 0 1-18 0z" />
    <circle cx="8.5" cy="8.5" r="1.3" />
    <circle cx="12" cy="6.5" r="1.3" />
    <circle cx="15.5" cy="8.5" r="1.3" />
  </LineIcon>
);

export const GroupIcon = (p: IconProps) => (
  <LineIcon {...p}>
    <path d="M12 20s-7-4.3-7-9.5A3.9 3.9 0 0 1 12 8a3.9 3.9 0 0 1 7 2.5C19 15.7 12 20 12 20z" />
    <path d="M9.5 12.5h5M12 10v5" />
  </LineIcon>
);

export const ShareIcon = (p: IconProps) => (
  <LineIcon {...p}>
    <circle cx="18" cy="5.5" r="2.5" />
    <circle cx="6" cy="12" r="2.5" />
    <circle cx="18" cy="18.5" r="2.5" />
    <path d="m8.2 10.8 7.6-4.1M8.2 13.2l7.6 4.1" />
  </LineIcon>
);

export const YardIcon = (p: IconProps) => (
  <LineIcon {...p}>
    <path d="M3 11 12 4l9 7" />
    <path d="M5 10v10h14V10" />
    <path d="M12 17.5c-1.8 0-3-1.2-3-2.3 0-.8.6-1.3 1.4-1.3.6 0 1.1.3 1.6.8.5-.5 1-.8 1.6-.8.8 0 1.4.5 1.4 1.3 0 1.1-1.2 2.3-3 2.3z" />
  </LineIcon>
);

export const EyeIcon = (p: IconProps) => (
  <LineIcon {...p}>
    <path d="M2 12s3.6-6.5 10-6.5S22 12 22 12s-3.6 6.5-10 6.5S2 12 2 12z" />
    <circle cx="12" cy="12" r="2.8" />
  </LineIcon>
);

export const SoundOffIcon = (p: IconProps) => (
  <LineIcon {...p}>
    <path d="M4 9.5h3.5L12 5.5v13l-4.5-4H4z" />
    <path d="m16 9.5 5 5M21 9.5l-5 5" />
  </LineIcon>
);

export const SoundOnIcon = (p: IconProps) => (
  <LineIcon {...p}>
    <path d="M4 9.5h3.5L12 5.5v13l-4.5-4H4z" />
    <path d="M16 9a4.5 4.5 0 0 1 0 6M18.5 6.5a8 8 0 0 1 0 11" />
  </LineIcon>
);

/** Picture-in-picture: the screen with the small window in its corner (filled while the video is in it). */
export const PipIcon = ({ active, ...p }: IconProps & { active?: boolean }) => (
  <LineIcon {...p}>
    <rect x="3" y="5" width="18" height="14" rx="2" />
    <rect x="12" y="11.5" width="7" height="5.5" rx="1" fill={active ? 'currentColor' : 'none'} />
  </LineIcon>
);

export const PlayIcon = (p: IconProps) => (
  <LineIcon {...p}>
    <path d="M8 5.5v13l10.5-6.5z" fill="currentColor" />
  </LineIcon>
);

export const CameraOffIcon = (p: IconProps) => (
  <LineIcon {...p}>
    <path d="M3 3l18 18" />
    <path d="M10 6h4.5A1.5 1.5 0 0 1 16 7.5V10l5-3v10l-2.2-1.3M16 16.5A1.5 1.5 0 0 1 14.5 18h-10A1.5 1.5 0 0 1 3 16.5v-9A1.5 1.5 0 0 1 4.5 6H6" />
  </LineIcon>
);

export const CheckIcon = (p: IconProps) => (
  <LineIcon {...p}>
    <path d="m5 12.5 4.5 4.5L19 7.5" />
  </LineIcon>
);

export const PlusIcon = (p: IconProps) => (
  <LineIcon {...p}>
    <path d="M12 5v14M5 12h14" />
  </LineIcon>
);

/** Rewind: an arrow turning back. */
export const RewindIcon = (p: IconProps) => (
  <LineIcon {...p}>
    <path d="M4 5v5h5" />
    <path d="M4.6 14.5A8 8 0 1 0 6 7.3L4 10" />
  </LineIcon>
);

/** Back 10 s: the arrow turning back around "10". */
export const Back10Icon = (p: IconProps) => (
  <LineIcon {...p}>
    <path d="M3.5 4.5v4.5H8" />
    <path d="M3.9 9A8.6 8.6 0 1 1 3.4 13" />
    <text x="12.4" y="15.6" fill="currentColor" stroke="none" fontSize="7.5" fontWeight="700" textAnchor="middle">
      10
    </text>
  </LineIcon>
);

/** Replay: a play triangle inside the turning-back arrow. */
export const ReplayIcon = (p: IconProps) => (
  <LineIcon {...p}>
    <path d="M4 5v5h5" />
    <path d="M4.6 14.5A8 8 0 1 0 6 7.3L4 10" />
    <path d="M10.5 9.5v5l4-2.5z" fill="currentColor" />
  </LineIcon>
);
