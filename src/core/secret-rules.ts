// The shapes keel treats as secrets: one rule per kind, most specific first, so a generic rule never claims a
// known token. Patterns are bounded (no unbounded nested quantifiers) so scrubbing stays linear on big text.
// The scrubbing loop and its callers live in secrets.ts.

export interface SecretRule {
  kind: string;
  pattern: RegExp;
  /** True: keep the named group `keep` (the "password=" part) and redact only what follows. */
  keepPrefix?: boolean;
}

/** A value that is a placeholder, a reference or a type name, not a secret (`$TOKEN`, `string`, `<key>`). */
const NOT_A_VALUE =
  "(?!\\[redacted:|\\$|%|<|\\{\\{|\\*{3}|process\\.env|os\\.environ|env\\(|(?:string|number|boolean|null|undefined|true|false|none|nil|required|optional|str|int|bytes|Optional|Union|Any)\\b)";
/** A quoted value (any characters but the quote, bounded) or an unquoted run without spaces. */
const VALUE = `${NOT_A_VALUE}(?:"[^"\\n]{4,512}"|'[^'\\n]{4,512}'|[^\\s"',;]{4,512})`;
const KEY_WORDS =
  "password|passwd|passphrase|secret|api[_-]?key|apikey|access[_-]?key|secret[_-]?key|private[_-]?key|signing[_-]?key|encryption[_-]?key|auth[_-]?token|access[_-]?token|refresh[_-]?token|client[_-]?secret|credentials?";

const PEM = "-----BEGIN [A-Z0-9 ]{0,40}PRIVATE KEY(?: BLOCK)?-----";
const PEM_END = "-----END [A-Z0-9 ]{0,40}PRIVATE KEY(?: BLOCK)?-----";

const re = (source: string, flags = "g") => new RegExp(source, flags);

export const SECRET_RULES: SecretRule[] = [
  // Key blocks of every kind (PKCS#1/#8, OpenSSH, EC, DSA, encrypted, PGP), raw or JSON-escaped; an
  // unterminated block is redacted to the end of the text.
  { kind: "private-key", pattern: re(`${PEM}[\\s\\S]*?(?:${PEM_END}|$)`) },
  { kind: "putty-key", pattern: /PuTTY-User-Key-File-\d:[\s\S]*?(?:Private-MAC: ?[0-9a-fA-F]+|$)/g },
  { kind: "age-key", pattern: /\bAGE-SECRET-KEY-1[0-9A-Z]{50,}/g },
  { kind: "jwt", pattern: /\beyJ[A-Za-z0-9_-]{8,}\.eyJ[A-Za-z0-9_-]{8,}\.[A-Za-z0-9_-]{8,}/g },
  // Model providers.
  { kind: "anthropic-key", pattern: /\bsk-ant-[A-Za-z0-9_-]{16,}/g },
  { kind: "stripe-key", pattern: /\b(?:sk|rk|pk)_(?:live|test)_[A-Za-z0-9]{16,}/g },
  { kind: "stripe-webhook-secret", pattern: /\bwhsec_[A-Za-z0-9]{24,}/g },
  { kind: "api-key", pattern: /\bsk-(?:proj-|svcacct-|admin-)?(?=[A-Za-z_-]*\d)[A-Za-z0-9_-]{20,}/g },
  // Version control, registries and CI.
  { kind: "github-token", pattern: /\b(?:gh[pousr]_[A-Za-z0-9]{30,}|github_pat_[A-Za-z0-9_]{40,})/g },
  { kind: "gitlab-token", pattern: /\bgl(?:pat|dt|rt|ptt|cbt)-[A-Za-z0-9_-]{20,}/g },
  { kind: "atlassian-token", pattern: /\bATATT3[A-Za-z0-9_=-]{30,}/g },
  { kind: "npm-token", pattern: /\bnpm_[A-Za-z0-9]{30,}/g },
  { kind: "pypi-token", pattern: /\bpypi-AgE[A-Za-z0-9_-]{40,}/g },
  { kind: "docker-token", pattern: /\bdckr_pat_[A-Za-z0-9_-]{20,}/g },
  { kind: "huggingface-token", pattern: /\bhf_[A-Za-z0-9]{30,}/g },
  { kind: "pulumi-token", pattern: /\bpul-[a-f0-9]{40}\b/g },
  { kind: "vault-token", pattern: /\bhv[sb]\.[A-Za-z0-9_-]{24,}/g },
  { kind: "doppler-token", pattern: /\bdp\.(?:pt|st|sa|ct|scim|audit)\.[A-Za-z0-9]{40,}/g },
  // Cloud providers.
  { kind: "aws-access-key", pattern: /\b(?:AKIA|ASIA|AGPA|AIDA|AROA|ABIA|ACCA)[A-Z0-9]{16}\b/g },
  { kind: "google-api-key", pattern: /\bAIza[A-Za-z0-9_-]{35}/g },
  { kind: "google-oauth-secret", pattern: /\bGOCSPX-[A-Za-z0-9_-]{24,}/g },
  { kind: "google-oauth-token", pattern: /\bya29\.[A-Za-z0-9_-]{30,}/g },
  { kind: "digitalocean-token", pattern: /\bdo[por]_v1_[a-f0-9]{64}\b/g },
  { kind: "databricks-token", pattern: /\bdapi[a-f0-9]{32}\b/g },
  { kind: "grafana-token", pattern: /\bgl(?:c|sa)_[A-Za-z0-9_+/=-]{32,}/g },
  { kind: "newrelic-key", pattern: /\bNRAK-[A-Z0-9]{27}\b/g },
  // Chat, mail and payment services.
  { kind: "slack-token", pattern: /\bxox[abposre]-[A-Za-z0-9-]{10,}/g },
  {
    kind: "slack-webhook",
    pattern: /https:\/\/hooks\.slack\.com\/(?:services|workflows|triggers)\/[A-Za-z0-9/_-]+/g,
  },
  {
    kind: "discord-webhook",
    pattern: /https:\/\/(?:ptb\.|canary\.)?discord(?:app)?\.com\/api\/webhooks\/\d+\/[A-Za-z0-9_-]+/g,
  },
  { kind: "discord-token", pattern: /\b[MNO][A-Za-z0-9_-]{23,27}\.[A-Za-z0-9_-]{6}\.[A-Za-z0-9_-]{27,40}/g },
  { kind: "telegram-token", pattern: /\b\d{8,10}:AA[A-Za-z0-9_-]{33}(?![A-Za-z0-9_-])/g },
  { kind: "twilio-key", pattern: /\b(?:SK|AC)[0-9a-f]{32}\b/g },
  { kind: "sendgrid-key", pattern: /\bSG\.[A-Za-z0-9_-]{16,}\.[A-Za-z0-9_-]{16,}/g },
  { kind: "mailgun-key", pattern: /\bkey-[0-9a-f]{32}\b/g },
  { kind: "shopify-token", pattern: /\bshp(?:at|ss|ca|pa)_[a-fA-F0-9]{32}\b/g },
  { kind: "square-token", pattern: /\b(?:sq0atp|sq0csp|EAAA)[A-Za-z0-9_-]{22,}/g },
  { kind: "braintree-token", pattern: /\baccess_token\$(?:production|sandbox)\$[a-z0-9]{16}\$[a-f0-9]{32}/g },
  { kind: "postman-key", pattern: /\bPMAK-[a-f0-9]{24}-[a-f0-9]{34}\b/g },
  { kind: "linear-key", pattern: /\blin_api_[A-Za-z0-9]{40}\b/g },
  // Headers, URLs, command lines and assignments: keep the label, redact the value.
  { kind: "bearer-token", pattern: /(?<keep>\bBearer\s+)[A-Za-z0-9._~+/-]{16,}=*/g, keepPrefix: true },
  {
    kind: "authorization-header",
    pattern: re(
      `(?<keep>\\b(?:Proxy-)?Authorization["']?\\s*[:=]\\s*["']?(?:(?:Basic|Bearer|Token|Digest|ApiKey|token)\\s+)?)${NOT_A_VALUE}[^\\s"']{6,}`,
      "gi",
    ),
    keepPrefix: true,
  },
  {
    kind: "url-password",
    pattern: /(?<keep>\b[a-z][a-z0-9+.-]{1,20}:\/\/[^\s:/@]{0,128}:)(?!\[redacted:)[^\s@/]{1,256}(?=@)/gi,
    keepPrefix: true,
  },
  {
    kind: "azure-key",
    pattern: /(?<keep>\b(?:AccountKey|SharedAccessKey|sig)=)[A-Za-z0-9+/%]{20,}={0,2}/g,
    keepPrefix: true,
  },
  {
    kind: "aws-secret-key",
    pattern: /(?<keep>\baws_secret_access_key["']?\s*[=:]\s*["']?)[A-Za-z0-9/+]{40}/gi,
    keepPrefix: true,
  },
  {
    kind: "cli-password",
    pattern: re(
      `(?<keep>(?:\\b(?:mysql|mysqldump|mysqladmin|mariadb|mariadb-dump)\\b[^\\n]{0,200}?\\s-p|\\bsshpass\\s+-p\\s*|\\bcurl\\b[^\\n]{0,200}?\\s(?:-u|--user)\\s+["']?[^\\s:"']{1,128}:|\\s--(?:password|passwd|pass|token|api-key|apikey|secret|auth-token|client-secret|access-token)(?:=|\\s+)["']?))${NOT_A_VALUE}[^\\s"']{3,512}`,
    ),
    keepPrefix: true,
  },
  {
    kind: "credential-assignment",
    pattern: re(
      `(?<keep>\\b[A-Za-z0-9_]{0,80}_(?:KEY|TOKEN|SECRET|PASSWORD|PASS|PWD|PASSWD|AUTH|CREDENTIALS?)["']?\\s*[=:]\\s*)${VALUE}`,
    ),
    keepPrefix: true,
  },
  {
    kind: "credential-assignment",
    pattern: re(`(?<keep>\\b[A-Za-z0-9_.-]{0,80}(?:${KEY_WORDS})["']?\\s*(?:=|:=|:|=>)\\s*)${VALUE}`, "gi"),
    keepPrefix: true,
  },
];
