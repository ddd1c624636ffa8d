package io.tandem.cli;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Set;
import java.util.function.Supplier;
import picocli.AutoComplete.GenerateCompletion;
import picocli.CommandLine;

/**
 * The top-level commands. Building a command's model from its annotations is most of a call's start-up time, so a
 * command line that names its noun gets only that one; help, completion and mistakes get them all.
 */
final class Nouns {

  private static final Map<String, Supplier<Object>> NOUNS = new LinkedHashMap<>();

  static {
    NOUNS.put("space", SpaceCommands::new);
    NOUNS.put("unit", UnitCommands::new);
    NOUNS.put("function", FunctionCommands::new);
    NOUNS.put("action", ActionCommands::new);
    NOUNS.put("revision", RevisionCommands::new);
    NOUNS.put("tag", TagCommands::new);
    NOUNS.put("changeset", ChangeSetCommands::new);
    NOUNS.put("trigger", TriggerCommands::new);
    NOUNS.put("link", LinkCommands::new);
    NOUNS.put("clone", CloneCommand::new);
    NOUNS.put("upgrade", UpgradeCommand::new);
    NOUNS.put("git", GitCommands::new);
    NOUNS.put("target", TargetCommands::new);
    NOUNS.put("token", TokenCommands::new);
    NOUNS.put("role", RoleCommands::new);
    NOUNS.put("audit", AuditCommand::new);
    NOUNS.put("events", EventsCommand::new);
    NOUNS.put("webhook", WebhookCommands::new);
    NOUNS.put("import", ImportCommands::new);
    NOUNS.put("context", ContextCommands::new);
  }

  /** The root's options that take a value in the next argument. */
  private static final Set<String> WITH_VALUE = Set.of("--server", "--token", "--context", "-o", "--output");

  private Nouns() {}

  static void add(CommandLine root, String[] args) {
    String noun = noun(args);
    String name = "change-set".equals(noun) ? "changeset" : noun;
    if (name != null && NOUNS.containsKey(name)) {
      root.addSubcommand(NOUNS.get(name).get());
      return;
    }
    NOUNS.values().forEach(command -> root.addSubcommand(command.get()));
    root.addSubcommand("completion", new GenerateCompletion());
    root.getSubcommands().get("completion").getCommandSpec().usageMessage()
        .description("A bash/zsh completion script: source <(tandem completion)");
  }

  /** The first argument that is neither a root option nor its value. */
  private static String noun(String[] args) {
    for (int i = 0; i < args.length; i++) {
      if (WITH_VALUE.contains(args[i])) {
        i++;
      } else if (!args[i].startsWith("-")) {
        return args[i];
      }
    }
    return null;
  }
}
