import { Command, CommanderError, InvalidArgumentError, Option } from 'commander';
import * as commands from './commands';
import { CliError, EXIT, type ExitStatus } from './errors';
import type { Io } from './io';

const EXIT_HELP = `
Exit statuses:
  0  done (a valid manifest, a successful call)
  1  the manifest is invalid, or the portal refused the request (its error texts are shown as they are)
  2  wrong usage: an unknown command or option, a missing or malformed argument, an unreadable file
  3  the portal cannot be reached or did not accept the token (not logged in, wrong URL, 401)

Configuration: \`lintel login\` keeps the URL and token in $XDG_CONFIG_HOME/lintel/config.json
(~/.config/lintel/config.json; LINTEL_CONFIG_DIR overrides the directory), readable by you only.
LINTEL_URL and LINTEL_TOKEN, both set, are used instead of the file (CI).
`;

function appId(value: string): number {
  if (!/^\d+$/.test(value) || Number(value) < 1)
    throw new InvalidArgumentError('must be an app id (a positive integer)');
  return Number(value);
}

const environmentOption = () =>
  new Option('--environment <environment>', 'sandbox or production').choices(['sandbox', 'production']);

function program(io: Io, status: { code: ExitStatus }): Command {
  const root = new Command('lintel')
    .description('Lintel from the command line: manifests as code')
    .exitOverride()
    .configureOutput({ writeOut: io.out, writeErr: io.err })
    .showHelpAfterError('(run `lintel --help` for usage)')
    .addHelpText('after', EXIT_HELP);
  const done = (promise: Promise<ExitStatus>) =>
    promise.then((code) => {
      status.code = code;
    });

  root
    .command('login')
    .description('check and keep the portal URL and a personal access token (lnt_…)')
    .requiredOption('--url <url>', "the portal's address, e.g. https://portal.example.com")
    .requiredOption('--token <token>', 'a personal access token')
    .action((options) => done(commands.login(io, options)));

  root
    .command('apps')
    .description('your apps')
    .command('list')
    .description('the apps you own or collaborate on')
    .option('--json', 'print JSON')
    .action((options) => done(commands.appsList(io, options)));

  const manifest = root.command('manifest').description('manifest files');
  manifest
    .command('validate')
    .description('validate a manifest file offline; each error as FILE:LINE:COLUMN: message (pointer)')
    .argument('<file>', 'the manifest JSON file')
    .addOption(environmentOption().default('sandbox'))
    .option('--json', 'print JSON')
    .action((file: string, options) => done(commands.manifestValidate(io, file, options)));
  manifest
    .command('push')
    .description('create a new sandbox version of an app from a manifest file (validated first)')
    .argument('<file>', 'the manifest JSON file')
    .requiredOption('--app <id>', 'the app id', appId)
    .requiredOption('--version <x.y.z>', 'the new version')
    .option('--json', 'print JSON')
    .action((file: string, options) => done(commands.manifestPush(io, file, options)));

  root
    .command('versions')
    .description("an app's manifest versions")
    .command('list')
    .description("an app's versions, sandbox then production, newest first")
    .requiredOption('--app <id>', 'the app id', appId)
    .addOption(environmentOption())
    .option('--json', 'print JSON')
    .action((options) => done(commands.versionsList(io, options)));

  root
    .command('promote')
    .description('promote a sandbox version to production with release notes')
    .argument('<version>', 'the sandbox version, e.g. 1.2.0')
    .requiredOption('--app <id>', 'the app id', appId)
    .requiredOption('--notes <text>', 'the release notes')
    .option('--json', 'print JSON')
    .action((version: string, options) => done(commands.promote(io, version, options)));

  root
    .command('review')
    .description('submit a production version for review, or withdraw it')
    .argument('<action>', 'submit or withdraw')
    .argument('<version>', 'the production version, e.g. 1.2.0')
    .requiredOption('--app <id>', 'the app id', appId)
    .option('--notes <text>', 'notes for the reviewers')
    .option('--json', 'print JSON')
    .action((action: string, version: string, options) => {
      if (action !== 'submit' && action !== 'withdraw') {
        throw new CliError(EXIT.usage, [`unknown review action "${action}": use submit or withdraw`]);
      }
      return done(commands.review(io, action, version, options));
    });

  return root;
}

/** Runs one command line (without `node lintel`) and answers its exit status; it never exits itself. */
export async function run(argv: readonly string[], io: Io): Promise<ExitStatus> {
  const status: { code: ExitStatus } = { code: EXIT.ok };
  const root = program(io, status);
  try {
    if (argv.length === 0) {
      root.outputHelp();
      return EXIT.usage;
    }
    await root.parseAsync([...argv], { from: 'user' });
    return status.code;
  } catch (error) {
    if (error instanceof CommanderError) {
      // --help and --version end with a CommanderError too: they are a success.
      return error.exitCode === 0 ? EXIT.ok : EXIT.usage;
    }
    if (error instanceof CliError) {
      for (const line of error.lines) io.err(`lintel: ${line}\n`);
      return error.status;
    }
    io.err(`lintel: ${(error as Error).message}\n`);
    return EXIT.unreachable;
  }
}
