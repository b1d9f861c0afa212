// The SDK's own refusals of a mistyped option or name answer, like blindspot's
// flags, with the one known name it most likely meant, and with none when no
// single name is close.
import { describe, expect, it } from 'vitest';
import { execa } from 'execa';
import { NO_PYTHON, PYTHON } from './python.ts';

/** The invalid-params message the server raises for `call`, a Python expression over blindspot_target.server. */
async function refusal(call: string): Promise<string> {
  const script = `from blindspot_target.server import *\ntry:\n    ${call}\nexcept ProtocolError as e:\n    print(e.code, e.message)\n`;
  const r = await execa(PYTHON!, ['-c', script], { env: { PYTHONPATH: 'python' } });
  return r.stdout;
}

describe.skipIf(!PYTHON)(`blindspot_target.server answers a typo with its likely meaning${NO_PYTHON}`, () => {
  it('in a target option', async () => {
    expect(await refusal(`handshake_options({"protocol": 3, "options": {"sutie": "banking"}}, ("suite",), "agentdojo")`)).toBe(
      "invalid-params unknown target option(s) sutie (known: suite); did you mean 'suite'?",
    );
  });

  it('in a chosen name, and not where nothing, or more than one name, is close', async () => {
    const suites = '("workspace", "slack", "banking", "travel")';
    expect(await refusal(`chosen("bankng", ${suites}, "suite")`)).toBe("invalid-params unknown suite bankng (known: workspace, slack, banking, travel); did you mean 'banking'?");
    expect(await refusal(`chosen("zzz", ${suites}, "suite")`)).toBe('invalid-params unknown suite zzz (known: workspace, slack, banking, travel)');
    expect(await refusal(`chosen("v1.x", ("v1.1", "v1.2"), "version")`)).toBe('invalid-params unknown version v1.x (known: v1.1, v1.2)');
  });
});
