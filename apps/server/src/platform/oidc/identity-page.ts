const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/** The local stand-in's sign-in page: a person enters the Google identity to sign in as. */
export function renderIdentityPage(uid: string, error?: string): string {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Sign in with Google (local test provider)</title>
<style>
body{font-family:system-ui,sans-serif;background:#f1f3f4;margin:0;display:flex;min-height:100vh;align-items:center;justify-content:center}
main{background:#fff;border-radius:12px;padding:32px;max-width:400px;width:calc(100% - 32px);box-shadow:0 1px 3px rgba(0,0,0,.2)}
h1{font-size:1.4rem;margin:0 0 8px} p{color:#444;margin:0 0 20px;font-size:.95rem}
label{display:block;font-weight:600;margin:14px 0 4px;font-size:.9rem}
input{width:100%;box-sizing:border-box;padding:10px;border:1px solid #888;border-radius:6px;font-size:1rem}
button{margin-top:22px;width:100%;padding:12px;background:#1a73e8;color:#fff;border:0;border-radius:6px;font-size:1rem;font-weight:600;cursor:pointer}
.error{color:#b00020;font-weight:600}
</style></head>
<body><main>
<h1>Choose a test Google account</h1>
<p>This local provider stands in for Google while no Google client is configured.</p>
${error ? `<p class="error" role="alert">${escapeHtml(error)}</p>` : ''}
<form method="post" action="/oidc/interaction/${escapeHtml(uid)}/login">
<label for="name">Name</label><input id="name" name="name" autocomplete="name" required>
<label for="email">E-mail</label><input id="email" name="email" type="email" autocomplete="email" required>
<label for="picture">Picture URL (optional)</label><input id="picture" name="picture" type="url">
<button type="submit">Continue</button>
</form>
</main></body></html>`;
}
