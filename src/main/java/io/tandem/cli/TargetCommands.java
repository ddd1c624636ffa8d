package io.tandem.cli;

import io.tandem.client.ApiException;
import io.tandem.client.api.TargetsApi;
import io.tandem.client.model.CreateTargetRequest;
import io.tandem.client.model.ListResponseTarget;
import io.tandem.client.model.Target;
import io.tandem.client.model.TargetPatch;
import java.io.IOException;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

@Command(name = "target", mixinStandardHelpOptions = true, description = "Targets (clusters): create, list, get, check, update, kubeconfig, delete")
class TargetCommands extends TandemCli.Group {

  @Command(name = "create", description = "Register a cluster from a kubeconfig file, or a server URL and token")
  int create(
      @Parameters(paramLabel = "SLUG") String slug,
      @Option(names = "--kubeconfig", description = "A kubeconfig file") Path kubeconfig,
      @Option(names = "--context") String context,
      @Option(names = "--cluster-server", description = "The API server's URL (with --cluster-token)") String server,
      @Option(names = "--cluster-token", description = "A bearer token for it") String token,
      @Option(names = "--namespace", description = "Default namespace for objects that name none") String namespace)
      throws ApiException, IOException {
    Target target = new TargetsApi(root.client()).createTarget(new CreateTargetRequest().slug(slug)
        .kubeconfig(kubeconfig == null ? null : InputFiles.text(group, kubeconfig.toString())).context(context).server(server).token(token)
        .namespace(namespace));
    show(target, List.of(target));
    return 0;
  }

  @Command(name = "list", description = "Registered clusters and their health")
  int list() throws ApiException {
    ListResponseTarget page = new TargetsApi(root.client()).listTargets(1000, null);
    show(page, page.getItems());
    return 0;
  }

  @Command(name = "get", description = "A target")
  int get(@Parameters(paramLabel = "TARGET") String slug) throws ApiException {
    Target target = new TargetsApi(root.client()).getTarget(slug);
    show(target, List.of(target));
    return 0;
  }

  @Command(name = "check", description = "Reach the cluster now: reachable, and its version")
  int check(@Parameters(paramLabel = "TARGET") String slug) throws ApiException {
    Target target = new TargetsApi(root.client()).checkTarget(slug);
    show(target, List.of(target));
    return Boolean.FALSE.equals(target.getReachable()) ? 1 : 0;
  }

  @Command(name = "update", description = "Change a target: its namespace, or new credentials from a kubeconfig")
  int update(@Parameters(paramLabel = "TARGET") String slug,
      @Option(names = "--kubeconfig", description = "A kubeconfig file") Path kubeconfig,
      @Option(names = "--context") String context,
      @Option(names = "--namespace", description = "Default namespace for objects that name none") String namespace)
      throws ApiException, IOException {
    Target target = new TargetsApi(root.client()).patchTarget(slug, new TargetPatch()
        .kubeconfig(kubeconfig == null ? null : InputFiles.text(group, kubeconfig.toString())).context(context).namespace(namespace));
    show(target, List.of(target));
    return 0;
  }

  @Command(name = "kubeconfig", description = "The sandbox target's kubeconfig (for kubectl)")
  int kubeconfig(@Parameters(paramLabel = "TARGET", defaultValue = "sandbox") String slug)
      throws ApiException, IOException, InterruptedException {
    root.output().text(RawRequests.text(root.client(), "/api/v1/targets/" + URLEncoder.encode(slug, StandardCharsets.UTF_8)
        + "/kubeconfig", "application/yaml, text/plain, */*"));
    return 0;
  }

  @Command(name = "delete", description = "Forget a target (no unit may use it)")
  int delete(@Parameters(paramLabel = "TARGET") String slug) throws ApiException {
    new TargetsApi(root.client()).deleteTarget(slug);
    root.output().text("Deleted target " + slug);
    return 0;
  }

  private void show(Object whole, List<Target> targets) {
    root.output().print(whole, targets,
        new Output.Column<Target>("SLUG", Target::getSlug),
        new Output.Column<Target>("SERVER", Target::getServer),
        new Output.Column<Target>("NAMESPACE", Target::getNamespace),
        new Output.Column<Target>("REACHABLE", Target::getReachable),
        new Output.Column<Target>("VERSION", Target::getServerVersion));
  }
}
