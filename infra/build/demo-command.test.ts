import { demoCommand, parseDemoScript } from './demo-command';

describe("the demo command (`make run` executes the `demo` script's command)", () => {
  it('runs the built demo under plain node with source maps, and keeps freed memory from lingering', () => {
    const cmd = demoCommand();
    expect(cmd.entry).toBe('infra/standalone/dist/main.js');
    expect(cmd.nodeArgs).toEqual(expect.arrayContaining(['--enable-source-maps', '--wasm-num-compilation-tasks=1']));
    expect(cmd.env).toEqual({ MALLOC_TRIM_THRESHOLD_: '1048576' });
  });

  it('reads environment, node flags and entry, in that order', () => {
    expect(parseDemoScript('A=1 B_2=x=y node --one --two=2 dir/main.js')).toEqual({
      env: { A: '1', B_2: 'x=y' }, nodeArgs: ['--one', '--two=2'], entry: 'dir/main.js',
    });
    expect(parseDemoScript('node main.js')).toEqual({ env: {}, nodeArgs: [], entry: 'main.js' });
  });

  it.each(['tsx main.ts', 'A=1 node', 'node --flag', 'node main.js --late', 'pnpm --filter x start'])('refuses "%s"', (script) => {
    expect(() => parseDemoScript(script)).toThrow(/the demo script must read/);
  });
});
