package io.tandem.cli;

import io.tandem.client.model.Event;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import tools.jackson.databind.ObjectMapper;

/** Prints the events of a Server-Sent Events stream as they come: a table row each, or one JSON/YAML document each. */
final class EventPrinter {

  private static final String END = "\u0000end";
  private static final String LINE = "%-8s  %-32s  %-22s  %-24s  %s";

  private final Output output;
  private final Output.Format format;
  private final ObjectMapper json;
  private boolean headed;

  EventPrinter(Output output, Output.Format format, ObjectMapper json) {
    this.output = output;
    this.format = format;
    this.json = json;
  }

  /** Reads until the stream ends, {@code count} events came, or (idle above 0) nothing came for that many ms. */
  void print(BufferedReader reader, long idle, Integer count) throws InterruptedException {
    BlockingQueue<String> lines = new LinkedBlockingQueue<>();
    Thread pump = new Thread(() -> pump(reader, lines), "tandem-events");
    pump.setDaemon(true);
    pump.start();
    int printed = 0;
    StringBuilder data = new StringBuilder();
    while (count == null || printed < count) {
      String line = idle > 0 ? lines.poll(idle, TimeUnit.MILLISECONDS) : lines.take();
      if (line == null || line.equals(END)) {
        break;
      }
      if (line.startsWith("data:")) {
        data.append(line.substring(5).strip());
      } else if (line.isEmpty() && !data.isEmpty()) {
        show(json.readValue(data.toString(), Event.class));
        data.setLength(0);
        printed++;
      }
    }
    pump.interrupt();
  }

  private static void pump(BufferedReader reader, BlockingQueue<String> lines) {
    try {
      for (String line = reader.readLine(); line != null; line = reader.readLine()) {
        lines.add(line);
      }
    } catch (IOException | UncheckedIOException closed) {
      // the stream ended or was closed under us: the end either way
    }
    lines.add(END);
  }

  private void show(Event event) {
    if (format != Output.Format.table) {
      output.document(event);
      return;
    }
    if (!headed) {
      headed = true;
      output.text(String.format(LINE, "ID", "AT", "TYPE", "SPACE", "UNIT").stripTrailing());
    }
    output.text(String.format(LINE, event.getId(), event.getCreatedAt(), event.getType(), event.getSpace(),
        event.getUnit() == null ? "" : event.getUnit()).stripTrailing());
  }
}
