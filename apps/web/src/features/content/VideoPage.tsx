import { useSearchParams } from 'react-router';
import { keyOf } from './api';
import { ContentPageView } from './PageView';
import styles from './content.module.css';

/** /pages/public/video?key=…: a public video (player, title, introduction) by key, or "no introduction yet". */
export default function VideoPage() {
  const [params] = useSearchParams();
  const key = keyOf(params.get('key'));
  return (
    <div className={styles.page}>
      <ContentPageView key={key ?? ''} pageKeyValue={key} route="video" />
    </div>
  );
}
