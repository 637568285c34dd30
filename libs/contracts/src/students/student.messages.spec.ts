import { STUDENT_STATUSES } from '../enums/students.enums';
import { STUDENT_STATUS_LABELS, studentStatusLabel, uploadAccept, uploadSucceededMessage } from './student.messages';
import { fileKeyOfAccessUrl } from './student.responses';

describe('students section wording', () => {
  it('labels the four student states, and any other value as 退学', () => {
    expect(STUDENT_STATUSES.map(studentStatusLabel)).toEqual(['在学', '已毕业', '暂停', '退学']);
    expect(studentStatusLabel('expelled')).toBe(STUDENT_STATUS_LABELS.withdrawn);
  });

  it('counts the files in the upload toast', () => {
    expect(uploadSucceededMessage(3)).toBe('文件上传成功（3个文件）');
  });

  it('offers the extensions the confirm step accepts', () => {
    expect(uploadAccept('contract')).toBe('.pdf,.jpg,.jpeg,.png,.webp');
    expect(uploadAccept('photo')).toBe('.jpg,.jpeg,.png,.webp');
  });

  it('reads the storage key only from our own access URLs', () => {
    expect(fileKeyOfAccessUrl('/api/admin/files/photos/6f1c7a52-3b1e-4c4f-9a51-2d5a3f0e9b11.png')).toBe('photos/6f1c7a52-3b1e-4c4f-9a51-2d5a3f0e9b11.png');
    expect(fileKeyOfAccessUrl('/api/admin/files/photos/../secrets.png')).toBeUndefined();
    expect(fileKeyOfAccessUrl('https://cdn.example/photos/a.png')).toBeUndefined();
  });
});
