package io.tandem.sandbox;

import io.tandem.common.config.TandemProperties;
import java.nio.file.Path;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import org.springframework.boot.context.event.ApplicationEnvironmentPreparedEvent;
import org.springframework.boot.context.event.ApplicationFailedEvent;
import org.springframework.boot.context.event.SpringApplicationEvent;
import org.springframework.boot.context.properties.bind.Binder;
import org.springframework.context.ApplicationListener;
import org.springframework.core.Ordered;
import org.springframework.core.env.Environment;

/**
 * Starts the sandbox's engine as soon as the server's settings are read, before its beans are made: the real control
 * plane takes seconds to come up, which then pass while the rest of the server starts. {@link SandboxCluster} takes
 * the engine over; a server whose start fails before that stops it again. Registered in
 * {@code META-INF/spring.factories}, since it runs before there is an application context.
 */
public class SandboxEarlyStart implements ApplicationListener<SpringApplicationEvent>, Ordered {

  /** What an engine is started for: equal settings and folder, the same engine. */
  record Key(SandboxProperties settings, Path folder) {}

  private static final Map<Key, CompletableFuture<SandboxEngine>> STARTING = new ConcurrentHashMap<>();

  @Override
  public void onApplicationEvent(SpringApplicationEvent event) {
    if (event instanceof ApplicationEnvironmentPreparedEvent prepared) {
      Key key = key(prepared.getEnvironment());
      if (key.settings().enabled()) {
        STARTING.computeIfAbsent(key, SandboxEarlyStart::start);
      }
    } else if (event instanceof ApplicationFailedEvent failed && failed.getApplicationContext() != null) {
      CompletableFuture<SandboxEngine> untaken = STARTING.remove(key(failed.getApplicationContext().getEnvironment()));
      if (untaken != null) {
        var unused = untaken.thenAccept(SandboxEngine::close);
      }
    }
  }

  /** After the configuration files are read into the environment. */
  @Override
  public int getOrder() {
    return Ordered.LOWEST_PRECEDENCE;
  }

  /** The engine started early for these settings, or, where there is none, one started now. */
  static CompletableFuture<SandboxEngine> take(SandboxProperties settings, Path folder) {
    Key key = new Key(settings, folder);
    CompletableFuture<SandboxEngine> early = STARTING.remove(key);
    return early != null ? early : start(key);
  }

  private static Key key(Environment environment) {
    Binder binder = Binder.get(environment);
    return new Key(binder.bindOrCreate("tandem.sandbox", SandboxProperties.class),
        SandboxCluster.folder(binder.bindOrCreate("tandem", TandemProperties.class)));
  }

  private static CompletableFuture<SandboxEngine> start(Key key) {
    return CompletableFuture.supplyAsync(() -> SandboxCluster.engine(key.settings(), key.folder()), runnable -> {
      Thread thread = new Thread(runnable, "sandbox-start");
      thread.setDaemon(true);
      thread.start();
    });
  }
}
