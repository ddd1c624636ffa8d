package io.tandem.cli;

import io.tandem.client.ApiException;
import io.tandem.client.api.SecurityApi;
import io.tandem.client.model.Entry;
import io.tandem.client.model.ListResponseEntry;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParentCommand;

@Command(name = "audit", mixinStandardHelpOptions = true,
    description = "The audit log of every write, newest first: tandem audit --where \"Status >= 400\"")
class AuditCommand implements Callable<Integer> {

  @ParentCommand TandemCli root;

  @Option(names = "--where", description = "A filter over Subject, Method, Path, Status, Space, At") String where;
  @Option(names = "--limit", defaultValue = "100", description = "How many (1-1000; default 100)") int limit;

  @Override
  public Integer call() throws ApiException {
    ListResponseEntry page = new SecurityApi(root.client()).listAudit(where, limit, null);
    root.output().print(page, page.getItems(),
        new Output.Column<Entry>("AT", Entry::getAt),
        new Output.Column<Entry>("SUBJECT", Entry::getSubject),
        new Output.Column<Entry>("METHOD", Entry::getMethod),
        new Output.Column<Entry>("PATH", Entry::getPath),
        new Output.Column<Entry>("STATUS", Entry::getStatus));
    return 0;
  }
}
