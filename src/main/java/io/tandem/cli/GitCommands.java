package io.tandem.cli;

import io.tandem.client.ApiException;
import io.tandem.client.api.GitApi;
import io.tandem.client.api.ImportsApi;
import io.tandem.client.model.GitCredentials;
import io.tandem.client.model.GitMirror;
import io.tandem.client.model.GitMirrorRequest;
import io.tandem.client.model.ImportRequest;
import io.tandem.client.model.ImportResponse;
import io.tandem.client.model.ImportedFile;
import java.util.List;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.ScopeType;

@Command(name = "git", mixinStandardHelpOptions = true,
    description = "Git: mirror a space's revisions to a repository (mirror, status, resume, stop), import units from one")
class GitCommands extends TandemCli.Group {

  @Option(names = {"-s", "--space"}, descriptionKey = SpaceDefault.KEY, scope = ScopeType.INHERIT,
      description = "The space (default the context's)")
  String space;

  @Option(names = "--username", scope = ScopeType.INHERIT, description = "User name for the remote") String username;

  @Option(names = "--token-env", scope = ScopeType.INHERIT,
      description = "An environment variable holding the remote's token (never given on the command line)") String tokenEnv;

  private GitApi git() {
    return new GitApi(root.client());
  }

  @Command(name = "mirror", description = "Mirror every revision of the space to a branch of a repository")
  int mirror(@Parameters(paramLabel = "URL") String url,
      @Option(names = "--branch", description = "Default main") String branch,
      @Option(names = "--path-prefix", description = "A folder in the repository") String pathPrefix) throws ApiException {
    show(git().putGitMirror(space, new GitMirrorRequest().url(url).branch(branch).pathPrefix(pathPrefix)
        .credentials(credentials())));
    return 0;
  }

  @Command(name = "status", description = "The mirror's state: last pushed, lag, last error")
  int status() throws ApiException {
    show(git().getGitMirror(space));
    return 0;
  }

  @Command(name = "resume", description = "Resume a mirror that stopped (diverged remote)")
  int resume(@Option(names = "--overwrite", description = "Overwrite what others pushed to the branch") boolean overwrite)
      throws ApiException {
    show(git().resumeGitMirror(space, overwrite ? Boolean.TRUE : null));
    return 0;
  }

  @Command(name = "stop", description = "Stop mirroring (the repository keeps what it has)")
  int stop() throws ApiException {
    git().deleteGitMirror(space);
    root.output().text("Stopped mirroring " + space);
    return 0;
  }

  @Command(name = "import", description = "Units from the YAML files of a repository")
  int importUnits(@Parameters(paramLabel = "URL") String url,
      @Option(names = "--ref", description = "A branch, tag or commit (default the default branch)") String ref,
      @Option(names = "--path", description = "A folder in the repository") String path,
      @Option(names = "--layout", description = "file (a unit per file, default) or directory") ImportRequest.LayoutEnum layout,
      @Option(names = "--target", description = "The target of the units created") String target,
      @Option(names = "--dry-run", description = "List what it would make; make nothing") boolean dryRun,
      @Option(names = "--watch", description = "Keep each unit in step with its file or folder: new commits merge in")
          boolean watch) throws ApiException {
    ImportResponse response = new ImportsApi(root.client()).importUnits(space, new ImportRequest()
        .source(ImportRequest.SourceEnum.GIT).url(url).ref(ref).path(path).layout(layout).target(target)
        .credentials(credentials()).dryRun(dryRun ? Boolean.TRUE : null).watch(watch ? Boolean.TRUE : null));
    root.output().print(response, response.getFiles() == null ? List.of() : response.getFiles(),
        new Output.Column<ImportedFile>("FILE", ImportedFile::getPath),
        new Output.Column<ImportedFile>("UNIT", ImportedFile::getUnit),
        new Output.Column<ImportedFile>("OUTCOME", ImportedFile::getOutcome),
        new Output.Column<ImportedFile>("REVISION", ImportedFile::getRevisionNum),
        new Output.Column<ImportedFile>("REASON", ImportedFile::getReason));
    return 0;
  }

  private GitCredentials credentials() {
    String token = tokenEnv == null ? null : root.env().get(tokenEnv);
    return username == null && token == null ? null : new GitCredentials().username(username).token(token);
  }

  private void show(GitMirror mirror) {
    root.output().print(mirror, List.of(mirror),
        new Output.Column<GitMirror>("URL", GitMirror::getUrl),
        new Output.Column<GitMirror>("BRANCH", GitMirror::getBranch),
        new Output.Column<GitMirror>("STATUS", GitMirror::getStatus),
        new Output.Column<GitMirror>("LAST PUSHED", m -> m.getLastPushed() == null ? null : m.getLastPushed().getCommit()),
        new Output.Column<GitMirror>("LAG", m -> m.getLag() == null ? null : m.getLag().getRevisions()),
        new Output.Column<GitMirror>("LAST ERROR", GitMirror::getLastError));
  }
}
