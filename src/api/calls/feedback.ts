import { type ApiClient, type RequestBody, callApi } from '../client.ts';

export const reviewFailedText = 'Your rating could not be sent. Please try again.';

/**
 * POST /sendReviewEmail for one lesson (`appointment_id`). Answers the server's thanks; a refusal (or
 * `data.success` false) throws with the text to show, as a sentence (callApi drops a 'field: ' prefix),
 * an ApiError keeping its status (409: the lesson is rated already, or not completed).
 */
export async function sendReview(api: ApiClient, review: RequestBody<'sendReview'>): Promise<{ message: string }> {
  const answer = await callApi(() => api.POST('/sendReviewEmail', { body: review }), reviewFailedText);
  if (!answer.data.success) throw new Error(answer.data.message || reviewFailedText);
  return { message: answer.data.message };
}
