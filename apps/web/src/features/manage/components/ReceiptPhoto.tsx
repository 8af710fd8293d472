import { ImageUploader, type ImageUploadItem } from 'antd-mobile';
import { uploadEndpoints } from '@petheart/contracts';
import { useApi } from '../../../shared/api';
import { imageUrl } from '../../../shared/format';

/** The upload path of the picked photo ('' when none): what the API is given. */
export const photoPath = (photos: readonly ImageUploadItem[]) => {
  const first = photos[0];
  return first ? String(first.extra ?? first.url) : '';
};

/**
 * One photo uploaded as soon as it is picked (a refill's, a food receipt's), named by the element `labelledBy`.
 * The API client toasts a failed upload (or the server's message) and the uploader drops the image. `onUploading`
 * says whether an upload is under way (the form waits for it); `onUploaded` runs after each one.
 */
export function ReceiptPhoto({
  photos,
  onChange,
  onUploading,
  onUploaded,
  assetHost,
  labelledBy,
}: {
  photos: ImageUploadItem[];
  onChange: (photos: ImageUploadItem[]) => void;
  onUploading: (uploading: boolean) => void;
  onUploaded?: () => void;
  assetHost: string;
  labelledBy: string;
}) {
  const client = useApi();
  const upload = async (file: File): Promise<ImageUploadItem> => {
    const data = await client.upload(uploadEndpoints.upload, file);
    onUploaded?.();
    return { url: data.fullurl || imageUrl(data.url, assetHost), extra: data.url };
  };
  return (
    <ImageUploader
      value={photos}
      onChange={onChange}
      upload={upload}
      accept="image/jpeg,image/png,image/webp"
      maxCount={1}
      showFailed={false}
      onUploadQueueChange={(tasks) => {
        onUploading(tasks.some((task) => task.status === 'pending'));
      }}
      aria-labelledby={labelledBy}
    />
  );
}
