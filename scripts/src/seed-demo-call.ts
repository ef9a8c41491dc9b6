// How the demo seeders speak to the API: one call in the seed's envelope, and the data of an answer that must succeed.
export type Answer = { code: number; message: string; data: any; errCode: string | null };
export type Call = (method: string, path: string, body?: unknown, token?: string) => Promise<Answer>;

export function ok(answer: Answer, what: string): any {
  if (answer.code !== 200) throw new Error(`demo ${what}: ${answer.message} ${JSON.stringify(answer.data?.fields ?? '')}`);
  return answer.data;
}
