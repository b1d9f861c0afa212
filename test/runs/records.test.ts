import { describe, expect, it } from 'vitest';
import { mkdirSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { readRuns, trajectoryOf, verifyRunFiles } from '../../src/runs/records.ts';
import { useTmp } from '../fixtures/tmp.ts';

const tmp = useTmp();
const FIXTURE = 'test/fixtures/runs/apps-runs.jsonl';

describe('readRuns', () => {
  it('reads each JSON-lines record as one run and excludes the bad ones, naming the line and the message', () => {
    const src = readRuns(FIXTURE);
    expect(src.runs.map((r) => r.pipeline)).toEqual(['careful-agent', 'eager-agent', 'sloppy-agent', 'lucky-agent', 'clumsy-agent', 'careful-agent']);
    expect(src.files).toHaveLength(1);
    expect(src.excluded.map((e) => e.reason)).toEqual([
      'apps-runs.jsonl#7: message 0: tool call venmo.search_users: arguments are not valid JSON ("{query: Olga")',
      'apps-runs.jsonl#8: not valid JSON (truncated or malformed)',
    ]);
    const clumsy = src.runs.find((r) => r.pipeline === 'clumsy-agent')!;
    expect(clumsy.steps.map((s) => s.call)).toEqual(['venmo.search_users', 'venmo.no_such_endpoint', 'venmo.create_payment_request', 'answer']);
    expect(clumsy.recordedErrors).toEqual([1]);
    expect(clumsy.recorded).toBe('pass');
  });

  it('reads AgentDojo run files: calls with their args, errors matched by tool_call_id, the final text from content blocks, v1 where no version is recorded', () => {
    const root = tmp();
    const dir = join(root, 'runs', 'some-model', 'banking', 'user_task_0', 'none');
    mkdirSync(dir, { recursive: true });
    const messages = [
      { role: 'system', content: 'sys' },
      { role: 'user', content: 'pay the bill' },
      { role: 'assistant', content: null, tool_calls: [{ function: 'read_file', args: { file_path: 'bill.txt' }, id: 'a' }, { function: 'get_iban', args: {}, id: 'b' }] },
      // answered out of order: matched by id, not by position
      { role: 'tool', content: '', tool_call_id: 'b', error: null },
      { role: 'tool', content: '', tool_call_id: 'a', error: 'FileNotFoundError' },
      { role: 'assistant', content: [{ type: 'text', content: 'Paid.' }], tool_calls: null },
    ];
    writeFileSync(join(dir, 'none.json'), JSON.stringify({ suite_name: 'banking', pipeline_name: 'some-model', user_task_id: 'user_task_0', injection_task_id: null, messages, utility: false, error: null }));
    const src = readRuns(join(root, 'runs'));
    expect(src.runs).toHaveLength(1);
    const [run] = src.runs;
    expect(run).toMatchObject({ task: 'banking/user_task_0', pipeline: 'some-model', recorded: 'fail', version: 'v1', recordedErrors: [0] });
    expect(run.source).toBe(join('some-model', 'banking', 'user_task_0', 'none', 'none.json'));
    expect(run.steps.at(-1)).toEqual({ call: 'answer', args: { output: 'Paid.' }, kind: 'claim' });
  });

  it("tells apart AgentDojo's locally served models, whose files all name the pipeline `local`, by their folders, and keeps the agent's earlier messages", () => {
    const root = tmp();
    const messages = [
      { role: 'user', content: 'how many appointments?' },
      { role: 'assistant', content: 'You have 3 appointments.', tool_calls: [{ function: 'create_calendar_event', args: {}, id: 'a' }] },
      { role: 'tool', content: '', tool_call_id: 'a', error: null },
      { role: 'assistant', content: '', tool_calls: null },
      { role: 'assistant', content: 'Booked from 12:00 to 13:00.', tool_calls: null },
    ];
    for (const [folder, named] of [['Meta-SecAlign-70B', 'local'], ['meta-llama_Llama-3.3-70B-Instruct-repeat_user_prompt', 'local-repeat_user_prompt'], ['gpt-4o', 'gpt-4o']]) {
      const dir = join(root, 'runs', folder, 'workspace', 'user_task_4', 'none');
      mkdirSync(dir, { recursive: true });
      writeFileSync(join(dir, 'none.json'), JSON.stringify({ suite_name: 'workspace', pipeline_name: named, user_task_id: 'user_task_4', injection_task_id: null, messages, utility: true, error: null }));
    }
    const runs = readRuns(join(root, 'runs')).runs;
    expect(runs.map((r) => r.pipeline).sort()).toEqual(['Meta-SecAlign-70B', 'gpt-4o', 'meta-llama_Llama-3.3-70B-Instruct-repeat_user_prompt']);
    expect(runs[0].earlier).toEqual(['You have 3 appointments.']);
    expect(runs[0].steps.at(-1)).toEqual({ call: 'answer', args: { output: 'Booked from 12:00 to 13:00.' }, kind: 'claim' });
  });

  it('refuses an input with no usable run, and a folder with no run files, before anything else', () => {
    const empty = tmp();
    expect(() => readRuns(empty)).toThrow(/holds no \.json or \.jsonl run files/);
    expect(() => readRuns(join(empty, 'nope'))).toThrow(/does not exist/);
    writeFileSync(join(empty, 'bad.json'), '{"suite_name": "banking"');
    expect(() => readRuns(empty)).toThrow(/no usable run in .*bad\.json: not valid JSON/);
  });

  it('says what is wrong with a path that is there but cannot be read, rather than that it does not exist', () => {
    const dir = tmp();
    symlinkSync(join(dir, 'loop'), join(dir, 'loop'));
    expect(() => readRuns(join(dir, 'loop'))).toThrow(/^--runs: .*loop: too many levels of symbolic links \(stat: ELOOP\)$/);
  });

  it('names the tool call whose arguments are not an object', () => {
    expect(() => trajectoryOf([{ role: 'assistant', tool_calls: [{ function: 'f', args: [1] }] }], 'x.json')).toThrow(/x\.json: message 0: tool call f: args is not an object/);
  });

  it('verifyRunFiles refuses a changed or removed run file', () => {
    const dir = tmp();
    writeFileSync(join(dir, 'a.jsonl'), JSON.stringify({ task: 't', pipeline: 'p', verdict: true, messages: [] }) + '\n');
    const src = readRuns(dir);
    expect(() => verifyRunFiles({ root: dir, files: src.files }, 'inc')).not.toThrow();
    writeFileSync(join(dir, 'a.jsonl'), JSON.stringify({ task: 't', pipeline: 'p', verdict: false, messages: [] }) + '\n');
    expect(() => verifyRunFiles({ root: dir, files: src.files }, 'inc')).toThrow(/a\.jsonl: changed since increment inc was frozen/);
    rmSync(join(dir, 'a.jsonl'));
    expect(() => verifyRunFiles({ root: dir, files: src.files }, 'inc')).toThrow(/a\.jsonl: a recorded run increment inc was frozen from is gone/);
    // a folder where the file was is not a file that is gone
    mkdirSync(join(dir, 'a.jsonl'));
    expect(() => verifyRunFiles({ root: dir, files: src.files }, 'inc')).toThrow(expect.objectContaining({ code: 'EISDIR' }));
  });
});

describe('calls the harness never ran', () => {
  it('are marked executed: false where the recording answers calls, and run where it keeps no results at all', () => {
    const call = (id: string) => ({ role: 'assistant', tool_calls: [{ function: 'f', args: {}, id }] });
    const answered = trajectoryOf([call('a'), { role: 'tool', tool_call_id: 'a', error: null }, call('b')], 'x.json');
    expect(answered.steps.map((s) => s.executed)).toEqual([undefined, false, undefined]);
    const bare = trajectoryOf([call('a'), call('b')], 'y.json');
    expect(bare.steps.every((s) => s.executed === undefined)).toBe(true);
  });
});
