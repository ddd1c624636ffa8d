package io.tandem.cli;

import io.tandem.client.ApiClient;
import io.tandem.client.ApiException;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParentCommand;

@Command(name = "events", mixinStandardHelpOptions = true,
    description = {"The event stream (Server-Sent Events): what is kept, then, with --follow, what happens next.",
        "  tandem events --follow -s apptique-prod --type UnitApplied"})
class EventsCommand implements Callable<Integer> {

  @ParentCommand TandemCli root;

  @Option(names = {"-s", "--space"}, description = "Only this space (repeatable; default all the caller may see)")
  List<String> spaces = new ArrayList<>();

  @Option(names = "--type", description = "Only this event type (repeatable)") List<String> types = new ArrayList<>();
  @Option(names = "--since", defaultValue = "0",
      description = "Only events after this id (default: every event kept, tandem.events.retention)") long since;
  @Option(names = {"-f", "--follow"}, description = "Keep printing events as they happen") boolean follow;
  @Option(names = "--count", description = "Stop after this many events") Integer count;
  @Option(names = "--idle", defaultValue = "1000",
      description = "Without --follow: stop when nothing came for this many milliseconds (default 1000)") long idle;

  @Override
  public Integer call() throws ApiException, IOException, InterruptedException {
    ApiClient client = root.client();
    InputStream stream = RawRequests.get(client, path(), "text/event-stream");
    // closing the stream, not the reader: the reader's lock is held by the thread blocked reading it
    try (stream) {
      BufferedReader reader = new BufferedReader(new InputStreamReader(stream, StandardCharsets.UTF_8));
      new EventPrinter(root.output(), root.format, client.getObjectMapper()).print(reader, follow ? 0 : idle, count);
    }
    return 0;
  }

  private String path() {
    StringBuilder query = new StringBuilder();
    spaces.forEach(space -> query.append("&space=").append(URLEncoder.encode(space, StandardCharsets.UTF_8)));
    types.forEach(type -> query.append("&type=").append(URLEncoder.encode(type, StandardCharsets.UTF_8)));
    query.append("&lastEventId=").append(since);
    return "/api/v1/events?" + query.substring(1);
  }
}
