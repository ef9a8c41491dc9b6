// How the demo seeders speak to the API: one call in the seed's envelope, and the data of an answer that must succeed.
export type Answer = { code: number; message: string; data: any; errCode: string | null };
export type Call = (method: string, path: string, body?: unknown, token?: string) => Promise<Answer>;

export function ok(answer: Answer, what: string): any {
  if (answer.code !== 200) throw new Error(`demo ${what}: ${answer.message} ${JSON.stringify(answer.data?.fields ?? '')}`);
  return answer.data;
}

/** Calls of the platform at `baseUrl`, in English. */
export function demoCall(baseUrl: string): Call {
  return async (method, path, body, token) => {
    // A form (an upload) sets its own multipart content type.
    const json = body !== undefined && !(body instanceof FormData);
    const response = await fetch(`${baseUrl}${path}`, {
      method,
      headers: { ...(json ? { 'content-type': 'application/json' } : {}), 'x-language': 'en_US', ...(token ? { authorization: `Bearer ${token}` } : {}) },
      body: body === undefined ? undefined : json ? JSON.stringify(body) : (body as FormData),
    });
    return (await response.json()) as Answer;
  };
}
