import { Dialog, Toast } from 'antd-mobile';

/** antd-mobile's imperative Toast and Dialog (with their animation library), loaded on first use. */
export function showToast(content: string, duration: number) {
  Toast.show({ content, duration });
}

export function showAlert(title: string, content: string) {
  return Dialog.alert({ title, 'aria-label': title, content: <div className="ph-error-detail">{content}</div> });
}

export function showConfirm(title: string, content: string) {
  return Dialog.confirm({ title, 'aria-label': title, content });
}
