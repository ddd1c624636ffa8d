package io.tandem.architecture;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * Each table of the schema is written by one package: its owner's persistence. Other features may read it in their
 * own queries (a join is cheaper than a call), but what is in it, and which invariants hold, is the owner's business.
 * The writes are found in the SQL of the production code's string literals ({@code insert into}, {@code update},
 * {@code delete from} a table the migrations create) and in JPA entities' {@code @Table}. The triggers of the
 * migrations, which write the event and outbox tables, are the schema's own and not counted.
 */
class TableOwnersTest {

  private static final Path MIGRATIONS = Path.of("db/migrations");
  private static final Path SOURCES = Path.of("src/main/java");
  private static final Pattern CREATE_TABLE = Pattern.compile("(?i)create table (?:if not exists )?(\\w+)");
  private static final Pattern LITERAL = Pattern.compile("\"((?:[^\"\\\\\\n]|\\\\.)*)\"");
  private static final Pattern WRITE = Pattern.compile("(?i)(?:^|[\\s(,])(?:insert\\s+into|update|delete\\s+from)\\s+(\\w+)");
  private static final Pattern ENTITY_TABLE = Pattern.compile("@Table\\(name = \"(\\w+)\"\\)");

  @Test
  void everyTableIsWrittenByOnePackage() {
    Map<String, Set<String>> writers = writers();
    assertThat(writers).as("the tables written from the code").isNotEmpty();
    writers.forEach((table, packages) ->
        assertThat(packages).as("the packages that write table " + table).hasSize(1));
  }

  @Test
  void tablesAreWrittenOnlyFromAPersistencePackage() {
    writers().forEach((table, packages) -> assertThat(packages)
        .as("the packages that write table " + table)
        .allSatisfy(writer -> assertThat(writer).endsWith(".persistence")));
  }

  @Test
  void theScanFindsTheWritesOfAStatementSplitOverLiterals() {
    String source = "jdbc.sql(\"with u as (update unit set version = 1\"\n + \" returning *), x as (insert into"
        + " revision (num) select 1 from approval)\" + \" on conflict do update set num = 1 for update\")";
    assertThat(writes(source, Set.of("unit", "revision", "approval"))).containsExactlyInAnyOrder("unit", "revision");
  }

  /** Table to the packages whose code writes it. */
  private static Map<String, Set<String>> writers() {
    Set<String> tables = tables();
    Map<String, Set<String>> writers = new TreeMap<>();
    try (Stream<Path> files = Files.walk(SOURCES)) {
      for (Path file : files.filter(path -> path.toString().endsWith(".java")).toList()) {
        String source = Files.readString(file);
        String owner = SOURCES.relativize(file.getParent()).toString().replace('/', '.');
        for (String table : writes(source, tables)) {
          writers.computeIfAbsent(table, key -> new TreeSet<>()).add(owner);
        }
      }
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    return writers;
  }

  /** The tables of {@code tables} that the source's SQL writes. */
  private static List<String> writes(String source, Set<String> tables) {
    StringBuilder sql = new StringBuilder();
    Matcher literal = LITERAL.matcher(source);
    while (literal.find()) {
      sql.append(literal.group(1)).append(' ');
    }
    Stream<String> entities = ENTITY_TABLE.matcher(source).results().map(result -> result.group(1));
    Stream<String> statements = WRITE.matcher(sql).results().map(result -> result.group(1).toLowerCase(Locale.ROOT));
    return Stream.concat(entities, statements).filter(tables::contains).distinct().toList();
  }

  private static Set<String> tables() {
    Set<String> tables = new TreeSet<>();
    try (Stream<Path> files = Files.list(MIGRATIONS)) {
      for (Path file : files.toList()) {
        CREATE_TABLE.matcher(Files.readString(file)).results().forEach(result -> tables.add(result.group(1)));
      }
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    return tables;
  }
}
