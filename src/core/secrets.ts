// Secret scrubbing: finds credentials in free text and replaces them with a marker naming the kind, so stored
// text keeps its meaning without the secret. Pure; callers decide what to do with the findings.

export interface SecretFinding {
  kind: string;
  count: number;
}

export interface ScrubResult {
  text: string;
  findings: SecretFinding[];
}

interface Rule {
  kind: string;
  pattern: RegExp;
  /** Replacement; `$<keep>` keeps a named prefix group (for "password=" style assignments). */
  replace: (kind: string) => string;
}

const whole = (kind: string) => `[redacted:${kind}]`;
const keepPrefix = (kind: string) => `$<keep>[redacted:${kind}]`;

// Order matters: specific shapes first, so a generic rule does not claim them.
const RULES: Rule[] = [
  {
    kind: "private-key",
    pattern: /-----BEGIN [A-Z0-9 ]*PRIVATE KEY-----[\s\S]*?(?:-----END [A-Z0-9 ]*PRIVATE KEY-----|$)/g,
    replace: whole,
  },
  {
    kind: "jwt",
    pattern: /\beyJ[A-Za-z0-9_-]{8,}\.eyJ[A-Za-z0-9_-]{8,}\.[A-Za-z0-9_-]{8,}/g,
    replace: whole,
  },
  { kind: "anthropic-key", pattern: /\bsk-ant-[A-Za-z0-9_-]{16,}/g, replace: whole },
  { kind: "stripe-key", pattern: /\b(?:sk|rk|pk)_(?:live|test)_[A-Za-z0-9]{16,}\b/g, replace: whole },
  { kind: "api-key", pattern: /\bsk-(?:proj-)?[A-Za-z0-9_-]{16,}/g, replace: whole },
  {
    kind: "github-token",
    pattern: /\b(?:gh[pousr]_[A-Za-z0-9]{20,}|github_pat_[A-Za-z0-9_]{20,})\b/g,
    replace: whole,
  },
  { kind: "gitlab-token", pattern: /\bglpat-[A-Za-z0-9_-]{20,}\b/g, replace: whole },
  { kind: "npm-token", pattern: /\bnpm_[A-Za-z0-9]{30,}\b/g, replace: whole },
  { kind: "huggingface-token", pattern: /\bhf_[A-Za-z0-9]{30,}\b/g, replace: whole },
  { kind: "google-api-key", pattern: /\bAIza[A-Za-z0-9_-]{30,}/g, replace: whole },
  { kind: "slack-token", pattern: /\bxox[abposr]-[A-Za-z0-9-]{10,}/g, replace: whole },
  { kind: "slack-webhook", pattern: /https:\/\/hooks\.slack\.com\/services\/[A-Za-z0-9/]+/g, replace: whole },
  { kind: "aws-access-key", pattern: /\b(?:AKIA|ASIA|AGPA|AIDA|AROA)[A-Z0-9]{16}\b/g, replace: whole },
  { kind: "twilio-key", pattern: /\bSK[0-9a-f]{32}\b/g, replace: whole },
  { kind: "sendgrid-key", pattern: /\bSG\.[A-Za-z0-9_-]{16,}\.[A-Za-z0-9_-]{16,}/g, replace: whole },
  {
    kind: "azure-key",
    pattern: /(?<keep>\b(?:AccountKey|SharedAccessKey|sig)=)[A-Za-z0-9+/%]{20,}={0,2}/g,
    replace: keepPrefix,
  },
  {
    kind: "url-password",
    pattern: /(?<keep>\b[a-z][a-z0-9+.-]*:\/\/[^\s:/@]+:)[^\s@/]+(?=@)/gi,
    replace: keepPrefix,
  },
  {
    kind: "bearer-token",
    pattern: /(?<keep>\b(?:Bearer|Basic|token)\s+)[A-Za-z0-9._~+/-]{20,}=*/g,
    replace: keepPrefix,
  },
  {
    kind: "aws-secret-key",
    pattern: /(?<keep>\baws_secret_access_key\s*[=:]\s*["']?)[A-Za-z0-9/+]{40}/gi,
    replace: keepPrefix,
  },
  {
    kind: "credential-assignment",
    pattern:
      /(?<keep>\b[A-Za-z0-9_]*(?:password|passwd|pwd|secret|api[_-]?key|access[_-]?key|auth[_-]?token|private[_-]?key|client[_-]?secret)["']?\s*[=:]\s*["']?)(?!\[redacted:)[^\s"',;]{6,}/gi,
    replace: keepPrefix,
  },
];

/** Replaces every credential-shaped substring with `[redacted:<kind>]` and reports what was found. */
export function scrubSecrets(text: string): ScrubResult {
  let out = text;
  const findings: SecretFinding[] = [];
  for (const rule of RULES) {
    let count = 0;
    out = out.replace(rule.pattern, (...args) => {
      count++;
      const groups = args.at(-1) as { keep?: string } | undefined;
      const keep = typeof groups === "object" && groups?.keep ? groups.keep : "";
      return rule.replace(rule.kind).replace("$<keep>", keep);
    });
    if (count > 0) findings.push({ kind: rule.kind, count });
  }
  return { text: out, findings };
}

/** True when the text contains anything scrubSecrets would redact. */
export function containsSecret(text: string): boolean {
  return scrubSecrets(text).findings.length > 0;
}
