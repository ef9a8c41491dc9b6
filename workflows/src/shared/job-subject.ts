// What a background job is about, so the console can attach its progress to the right row and the events stream
// knows who may read it.
export interface JobSubject {
  type: string;
  id: string;
}
