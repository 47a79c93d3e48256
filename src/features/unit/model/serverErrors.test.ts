import { describe, expect, it } from 'vitest';
import { ApiError } from '../../../api/http.ts';
import { saveFailure } from './serverErrors.ts';

const NAME_IN_USE = 'Please select a different name. The current name is already in use';

describe('saveFailure: a refused save keeps the typed values and shows the server’s words', () => {
  it('puts a field message on the matching form field', () => {
    const error = new ApiError(400, NAME_IN_USE, { error: 'Bad Request', message: NAME_IN_USE, fields: { name: NAME_IN_USE } });
    expect(saveFailure(error, { name: 'name', comment: 'comment' })).toEqual({ fields: { name: NAME_IN_USE }, form: null });
  });

  it('maps server field names to the form’s names', () => {
    const message = 'Max Cellular Capping cannot be higher than Max Total Capping';
    const error = new ApiError(400, message, { message, fields: { cellular: message } });
    expect(saveFailure(error, { cellular: 'cappingCellular' }).fields).toEqual({ cappingCellular: message });
  });

  it('shows a field the form does not have as the form message', () => {
    const message = 'Capping cannot be configured while the unit is busy';
    const error = new ApiError(409, message, { message, fields: { unit: message } });
    expect(saveFailure(error, { total: 'total' })).toEqual({ fields: {}, form: message });
  });

  it('shows the server message when the body names no field', () => {
    const error = new ApiError(409, 'Selected channel is busy', { error: 'Conflict', message: 'Selected channel is busy' });
    expect(saveFailure(error, {})).toEqual({ fields: {}, form: 'Selected channel is busy' });
  });
});
