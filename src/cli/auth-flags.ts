/**
 * `toolgen serve`'s authentication flags (server/auth.ts). The credential itself is read from an
 * environment variable named by the flag, never from the command line: arguments show in `ps`,
 * in shell history and in CI logs. Several credentials (a key rotation) are separated by commas.
 */
import { Option, type Command } from "commander";
import { BadInputError } from "../load/bad-input-error.js";
import { createAuthGuard, type ToolServerAuth } from "../server/auth.js";

export interface AuthFlags {
  authBearerEnv?: string;
  authApiKeyEnv?: string;
  authApiKeyIn?: "header" | "query" | "cookie";
  authApiKeyName?: string;
  authSchemeName?: string;
}

const DEFAULT_KEY_NAME = {
  header: "X-Api-Key",
  query: "api_key",
  cookie: "api_key",
} as const;
const ENV_NAME = /^[A-Za-z_][A-Za-z0-9_]{0,127}$/;

export function addAuthFlags(command: Command): Command {
  return command
    .option(
      "--auth-bearer-env <VAR>",
      "require Authorization: Bearer <token> on every tool call; the token is read from this environment variable (several: comma-separated)",
    )
    .option("--auth-api-key-env <VAR>", "require an API key on every tool call; the key is read from this environment variable (several: comma-separated)")
    .addOption(new Option("--auth-api-key-in <where>", "where the API key is sent (default header)").choices(["header", "query", "cookie"]))
    .option("--auth-api-key-name <name>", "the header, query parameter or cookie carrying the API key (default X-Api-Key in a header, api_key otherwise)")
    .option("--auth-scheme-name <name>", "the scheme's name in the description's components.securitySchemes (default bearerAuth or apiKeyAuth)");
}

/** The `auth` option of serveTools, or undefined when no auth flag was given; BadInputError (exit 2) for a bad combination. */
export function authFromFlags(flags: AuthFlags, env: NodeJS.ProcessEnv = process.env): ToolServerAuth | undefined {
  if (flags.authBearerEnv !== undefined && flags.authApiKeyEnv !== undefined) {
    throw new BadInputError("--auth-bearer-env and --auth-api-key-env cannot be combined: a server requires one scheme");
  }
  for (const [flag, value] of [
    ["--auth-api-key-in", flags.authApiKeyIn],
    ["--auth-api-key-name", flags.authApiKeyName],
  ] as const) {
    if (value !== undefined && flags.authApiKeyEnv === undefined) throw new BadInputError(`${flag} needs --auth-api-key-env, which names the variable holding the key`);
  }
  if (flags.authSchemeName !== undefined && flags.authBearerEnv === undefined && flags.authApiKeyEnv === undefined) {
    throw new BadInputError("--auth-scheme-name needs --auth-bearer-env or --auth-api-key-env");
  }
  const schemeName = flags.authSchemeName !== undefined ? { schemeName: flags.authSchemeName } : {};
  let auth: ToolServerAuth;
  if (flags.authBearerEnv !== undefined) {
    auth = {
      scheme: "bearer",
      token: credentials("--auth-bearer-env", flags.authBearerEnv, env),
      ...schemeName,
    };
  } else if (flags.authApiKeyEnv !== undefined) {
    const where = flags.authApiKeyIn ?? "header";
    auth = {
      scheme: "apiKey",
      in: where,
      name: flags.authApiKeyName ?? DEFAULT_KEY_NAME[where],
      key: credentials("--auth-api-key-env", flags.authApiKeyEnv, env),
      ...schemeName,
    };
  } else {
    return undefined;
  }
  try {
    createAuthGuard(auth, "check"); // the option's own checks, reported under the flag that set the value
  } catch (error) {
    const message = (error as Error).message;
    const field = /^auth\.(\w+)/.exec(message)?.[1];
    throw new BadInputError(`${FLAG_OF[field ?? ""] ?? "--auth-*"}: ${message.replace(/^auth\.\w+:? ?/, "")}`);
  }
  return auth;
}

const FLAG_OF: Record<string, string> = {
  schemeName: "--auth-scheme-name",
  name: "--auth-api-key-name",
  token: "--auth-bearer-env",
  key: "--auth-api-key-env",
};

/** What a serving line says about authentication: the scheme and the variable, never the value. */
export function describeAuth(auth: ToolServerAuth, flags: AuthFlags): string {
  const accepted = auth.scheme === "bearer" ? auth.token : auth.key;
  const count = Array.isArray(accepted) ? accepted.length : 1;
  const from = `from $${flags.authBearerEnv ?? flags.authApiKeyEnv}${count > 1 ? ` (${count} accepted)` : ""}`;
  if (auth.scheme === "bearer") return `Authentication: Authorization: Bearer <token>, token ${from}`;
  return `Authentication: API key in the ${auth.in} ${auth.name}, key ${from}`;
}

function credentials(flag: string, variable: string, env: NodeJS.ProcessEnv): string[] {
  // A value that is no variable name may be the secret itself, pasted by mistake: not repeated.
  if (!ENV_NAME.test(variable)) throw new BadInputError(`${flag} takes the name of an environment variable (letters, digits and _), not the credential itself`);
  const raw = env[variable];
  if (raw === undefined || raw.trim() === "") throw new BadInputError(`${flag}: the environment variable ${variable} is not set or empty`);
  const values = raw
    .split(",")
    .map((value) => value.trim())
    .filter((value) => value !== "");
  if (values.length === 0) throw new BadInputError(`${flag}: the environment variable ${variable} holds no credential`);
  return values;
}
