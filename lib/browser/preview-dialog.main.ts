/** The course preview's inline script's entry (components/course/course-preview.tsx): it follows the dialog. */
import { startPreviewDialog } from './preview-dialog';

startPreviewDialog(document.currentScript!.previousElementSibling!);
