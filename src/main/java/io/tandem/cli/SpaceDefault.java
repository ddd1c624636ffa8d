package io.tandem.cli;

import picocli.CommandLine;
import picocli.CommandLine.Model.ArgSpec;
import picocli.CommandLine.Model.OptionSpec;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.ParseResult;

/**
 * The space of commands that need one ({@code --space} options with the description key {@value #KEY}): the one given,
 * else the context's; a usage mistake (exit 2) when neither names one.
 */
final class SpaceDefault implements CommandLine.IDefaultValueProvider {

  static final String KEY = "space";

  private final TandemCli root;

  SpaceDefault(TandemCli root) {
    this.root = root;
  }

  @Override
  public String defaultValue(ArgSpec argument) {
    if (argument instanceof OptionSpec option && KEY.equals(option.descriptionKey())) {
      return root.contexts().selected(root.context).space();
    }
    return null;
  }

  /** Runs the last command given, once it has its space. */
  static int executeWhenGiven(ParseResult parsed) {
    ParseResult last = parsed;
    while (last.hasSubcommand()) {
      last = last.subcommand();
    }
    for (OptionSpec option : last.commandSpec().options()) {
      if (KEY.equals(option.descriptionKey()) && option.getValue() == null && !helpAsked(parsed)) {
        throw new ParameterException(last.commandSpec().commandLine(),
            "Give --space (or a default: tandem context use <name> --space <space>).");
      }
    }
    return new CommandLine.RunLast().execute(parsed);
  }

  private static boolean helpAsked(ParseResult parsed) {
    for (ParseResult result = parsed; result != null; result = result.hasSubcommand() ? result.subcommand() : null) {
      if (result.isUsageHelpRequested() || result.isVersionHelpRequested()) {
        return true;
      }
    }
    return false;
  }
}
