import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type CommentThread, useCreateComment } from '../hooks/queries';
import { useSentToasts } from '../hooks/use-sent-toasts';
import { ImagePicker } from './ImagePicker';
import { WritingForm } from './WritingForm';

/**
 * A new comment, or a reply to one (01 §4): idle, sending, then the 'Comment added' toast and an
 * empty form, or an error toast with the server's message (the text stays). A body is required
 * (02 §5): without one nothing is sent and the form says so.
 */
export function CommentForm({
  thread,
  parentId = null,
}: {
  /** The discussion or reference (news article) commented on. */
  thread: CommentThread;
  parentId?: string | null;
}) {
  const { t } = useTranslation('community');
  const sentToasts = useSentToasts();
  const create = useCreateComment(thread, parentId);
  const [files, setFiles] = useState<File[]>([]);
  const [badImage, setBadImage] = useState(false);
  const sending = create.isPending;
  const reply = parentId !== null;

  return (
    <WritingForm
      className={reply ? 'comment-form comment-form--reply' : 'comment-form'}
      bodyLabel={reply ? t('comments.writeReply') : t('comments.write')}
      rows={reply ? 2 : 3}
      submitLabel={reply ? t('comments.sendReply') : t('comments.send')}
      busyLabel={t('comments.sending')}
      busy={sending}
      onSubmit={({ body }, reset) =>
        create.mutate(
          { text: body, files },
          sentToasts(t('comments.added'), reset, () => {
            setFiles([]);
            setBadImage(false);
          }),
        )
      }
    >
      <ImagePicker
        files={files}
        onChange={setFiles}
        invalid={badImage}
        onInvalid={setBadImage}
        disabled={sending}
      />
    </WritingForm>
  );
}
