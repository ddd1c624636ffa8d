package io.tandem.cli;

import io.tandem.client.ApiException;
import io.tandem.client.api.TriggersApi;
import io.tandem.client.model.CreateTriggerRequest;
import io.tandem.client.model.ListResponseTrigger;
import io.tandem.client.model.Trigger;
import io.tandem.client.model.TriggerPatch;
import java.util.List;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.ScopeType;
import picocli.CommandLine.Spec;

@Command(name = "trigger", mixinStandardHelpOptions = true,
    description = "Triggers (a function run on every change of the space's units): create, list, get, update, delete")
class TriggerCommands extends TandemCli.Group {

  @Spec CommandSpec spec;

  @Option(names = {"-s", "--space"}, descriptionKey = SpaceDefault.KEY, scope = ScopeType.INHERIT,
      description = "The space (default the context's)")
  String space;

  private TriggersApi triggers() {
    return new TriggersApi(root.client());
  }

  @Command(name = "create", description = "A trigger: tandem trigger create valid vet-schemas;"
      + " tandem trigger create two-replicas vet-celexpr \"r.spec.replicas >= 2\" Deployment")
  int create(@Parameters(index = "0", paramLabel = "TRIGGER") String slug,
      @Parameters(index = "1", paramLabel = "FUNCTION") String function,
      @Parameters(index = "2..*", paramLabel = "ARG") List<String> args,
      @Option(names = "--disabled", description = "Create it switched off") boolean disabled,
      @Option(names = {"-d", "--description"}) String description) throws ApiException {
    Trigger trigger = triggers().createTrigger(space, new CreateTriggerRequest().slug(slug).function(function)
        .args(args == null ? List.of() : args).disabled(disabled ? Boolean.TRUE : null).description(description));
    show(trigger, List.of(trigger));
    return 0;
  }

  @Command(name = "list", description = "The space's triggers")
  int list() throws ApiException {
    ListResponseTrigger page = triggers().listTriggers(space);
    show(page, page.getItems());
    return 0;
  }

  @Command(name = "get", description = "A trigger")
  int get(@Parameters(paramLabel = "TRIGGER") String slug) throws ApiException {
    Trigger trigger = triggers().getTrigger(space, slug);
    show(trigger, List.of(trigger));
    return 0;
  }

  @Command(name = "update", description = "Switch a trigger on or off, or change its function or arguments")
  int update(@Parameters(index = "0", paramLabel = "TRIGGER") String slug,
      @Option(names = "--enable") boolean enable,
      @Option(names = "--disable") boolean disable,
      @Option(names = "--function") String function,
      @Option(names = "--arg", description = "The new arguments (repeatable, in order)") List<String> args,
      @Option(names = {"-d", "--description"}) String description) throws ApiException {
    if (enable && disable) {
      throw new ParameterException(spec.commandLine(), "Give --enable or --disable, not both.");
    }
    Trigger trigger = triggers().patchTrigger(space, slug, new TriggerPatch().function(function).args(args)
        .description(description).disabled(enable ? Boolean.FALSE : disable ? Boolean.TRUE : null));
    show(trigger, List.of(trigger));
    return 0;
  }

  @Command(name = "delete", description = "Delete a trigger")
  int delete(@Parameters(paramLabel = "TRIGGER") String slug) throws ApiException {
    triggers().deleteTrigger(space, slug);
    root.output().text("Deleted trigger " + slug);
    return 0;
  }

  private void show(Object whole, List<Trigger> triggers) {
    root.output().print(whole, triggers,
        new Output.Column<Trigger>("TRIGGER", Trigger::getSlug),
        new Output.Column<Trigger>("FUNCTION", Trigger::getFunction),
        new Output.Column<Trigger>("ARGS", Trigger::getArgs),
        new Output.Column<Trigger>("DISABLED", Trigger::getDisabled),
        new Output.Column<Trigger>("DESCRIPTION", Trigger::getDescription));
  }
}
