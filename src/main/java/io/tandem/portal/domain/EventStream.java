package io.tandem.portal.domain;

import io.tandem.portal.EventsProperties;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.function.Predicate;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.context.event.ContextClosedEvent;
import org.springframework.context.event.EventListener;
import org.springframework.scheduling.annotation.SchedulingConfigurer;
import org.springframework.scheduling.config.FixedDelayTask;
import org.springframework.scheduling.config.ScheduledTaskRegistrar;
import org.springframework.stereotype.Component;

/**
 * Follows the event table and hands each new event, in id order, to the subscribers whose filter it passes.
 *
 * <p>Ids come from a sequence, so a transaction that started earlier can commit an event with a lower id after a
 * later one is already visible. At a gap in the ids the stream waits (up to {@code tandem.events.gap-wait}) for it
 * to fill; a gap that stays is an id whose transaction rolled back, and is passed. So subscribers get every
 * committed event, in id order.
 *
 * <p>Each client has a bounded queue and a sender thread of its own ({@link ClientQueue}): the stream only queues, so
 * a slow or stuck client never delays the others; one more than {@code tandem.events.client-queue} events behind is
 * dropped, and resumes with {@code Last-Event-ID}.
 */
@Component
public class EventStream implements SchedulingConfigurer {

  private static final Logger log = LoggerFactory.getLogger(EventStream.class);
  private static final int PAGE = 500;

  /** Someone listening: what they want, and where to send it; false from {@code send} ends the subscription. */
  public interface Subscriber {
    Predicate<Event> filter();

    boolean send(Event event);

    /** The server is stopping: end the stream, so the client reconnects (to another replica, or later). */
    void close();

    /**
     * Whether the caller may still listen (its token not revoked), checked every {@code tandem.events.recheck};
     * may also narrow what it is sent to its current roles.
     */
    boolean stillAllowed();
  }

  private final EventStore store;
  private final Clock clock;
  private final Duration pollInterval;
  private final Duration gapWait;
  private final Duration recheck;
  private Instant lastRecheck = Instant.MIN;
  private final int clientQueue;
  private final List<ClientQueue> subscribers = new CopyOnWriteArrayList<>();
  private final ExecutorService senders = Executors.newCachedThreadPool(runnable -> {
    Thread thread = new Thread(runnable, "event-sender");
    thread.setDaemon(true);
    return thread;
  });
  private long cursor = -1;
  private Instant gapSince;

  EventStream(EventStore store, Clock clock, EventsProperties settings) {
    this.store = store;
    this.clock = clock;
    this.pollInterval = settings.pollInterval();
    this.gapWait = settings.gapWait();
    this.recheck = settings.recheck();
    this.clientQueue = settings.clientQueue();
  }

  @Override
  public void configureTasks(ScheduledTaskRegistrar registrar) {
    registrar.addFixedDelayTask(new FixedDelayTask(this::poll, pollInterval, Duration.ZERO));
  }

  /**
   * Subscribes; with {@code lastEventId}, first sends what came after it (as far as the stream has got), so a client
   * that reconnects misses nothing. More than fits its queue is sent up to what fits, then its stream ends and the
   * client resumes from there.
   */
  public synchronized void subscribe(Subscriber subscriber, Long lastEventId) {
    start();
    ClientQueue client = new ClientQueue(subscriber, clientQueue, () -> unsubscribe(subscriber));
    client.start(senders);
    if (lastEventId != null) {
      long queued = lastEventId;
      while (queued < cursor) {
        List<Event> page = store.after(queued, PAGE);
        for (Event event : page) {
          if (event.id() > cursor) {
            break;
          }
          if (!client.catchUp(event)) {
            return;
          }
          queued = event.id();
        }
        if (page.isEmpty() || page.get(page.size() - 1).id() >= cursor) {
          break;
        }
      }
    }
    subscribers.add(client);
  }

  public void unsubscribe(Subscriber subscriber) {
    for (ClientQueue client : List.copyOf(subscribers)) {
      if (client.subscriber() == subscriber) {
        subscribers.remove(client);
        client.drop();
      }
    }
  }

  synchronized void poll() {
    start();
    recheckSubscribers();
    for (Event event : store.after(cursor, PAGE)) {
      if (event.id() != cursor + 1) {
        Instant now = clock.instant();
        if (gapSince == null) {
          gapSince = now;
        }
        if (Duration.between(gapSince, now).compareTo(gapWait) < 0) {
          return; // a transaction may still commit the missing ids
        }
      }
      gapSince = null;
      cursor = event.id();
      for (ClientQueue client : List.copyOf(subscribers)) {
        try {
          if (!client.offer(event)) {
            subscribers.remove(client);
          }
        } catch (RuntimeException e) {
          log.debug("Dropping an event subscriber: {}", e.getMessage());
          subscribers.remove(client);
          client.drop();
        }
      }
    }
  }

  private void recheckSubscribers() {
    Instant now = clock.instant();
    if (lastRecheck.plus(recheck).isAfter(now)) {
      return;
    }
    lastRecheck = now;
    for (ClientQueue client : List.copyOf(subscribers)) {
      boolean allowed;
      try {
        allowed = client.subscriber().stillAllowed();
      } catch (RuntimeException e) {
        log.warn("Could not recheck an event subscriber, ending its stream: {}", e.getMessage());
        allowed = false;
      }
      if (!allowed) {
        subscribers.remove(client);
        client.drop();
      }
    }
  }

  /** Before the web server's graceful shutdown, which would otherwise wait for every open stream. */
  @EventListener(ContextClosedEvent.class)
  void closeAll() {
    subscribers.forEach(ClientQueue::drop);
    subscribers.clear();
    senders.shutdown();
  }

  private void start() {
    if (cursor < 0) {
      cursor = store.lastId();
    }
  }
}
