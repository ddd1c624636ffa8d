package io.tandem.portal.domain;

import java.util.concurrent.BlockingQueue;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.RejectedExecutionException;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * One client's events on their way out: a bounded queue drained by a sender thread of its own, so a slow or stuck
 * client only ever blocks that thread. A client so far behind that its queue is full is dropped: what is queued is
 * thrown away and its stream ends after the write it is stuck in, and the client resumes with {@code Last-Event-ID}.
 */
final class ClientQueue {

  private static final Logger log = LoggerFactory.getLogger(ClientQueue.class);
  /** Put after the last event to send: the sender closes the stream and ends. */
  private static final Event END = new Event(-1, "", null, null, null, null);

  private final EventStream.Subscriber subscriber;
  private final BlockingQueue<Event> queue;
  private final Runnable ended;
  private volatile boolean closing;

  ClientQueue(EventStream.Subscriber subscriber, int capacity, Runnable ended) {
    this.subscriber = subscriber;
    this.queue = new LinkedBlockingQueue<>(capacity + 1);
    this.ended = ended;
  }

  EventStream.Subscriber subscriber() {
    return subscriber;
  }

  void start(ExecutorService senders) {
    try {
      senders.execute(this::send);
    } catch (RejectedExecutionException stopping) {
      ended.run();
    }
  }

  /** Queues an event the client wants; false (and the client is dropped) when its queue is full. */
  boolean offer(Event event) {
    if (closing) {
      return false;
    }
    if (subscriber.filter().test(event) && !add(event)) {
      log.info("An event-stream client fell more than {} events behind; dropping it, it resumes with Last-Event-ID",
          queue.size());
      drop();
      return false;
    }
    return true;
  }

  /**
   * Queues an event of a reconnecting client's catch-up; false when its queue is full, and the stream then ends once
   * what is queued is sent, so the client resumes from there.
   */
  boolean catchUp(Event event) {
    if (closing) {
      return false;
    }
    if (subscriber.filter().test(event) && !add(event)) {
      closing = true;
      queue.offer(END);
      return false;
    }
    return true;
  }

  /** One place is kept for {@link #END}. */
  private boolean add(Event event) {
    return queue.remainingCapacity() > 1 && queue.offer(event);
  }

  /** Ends the stream after the write in progress, sending nothing more. */
  void drop() {
    closing = true;
    queue.clear();
    queue.offer(END);
  }

  private void send() {
    try {
      while (true) {
        Event event = queue.take();
        if (event.id() == END.id()) {
          subscriber.close();
          return;
        }
        if (!subscriber.send(event)) {
          return;
        }
      }
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    } catch (RuntimeException e) {
      log.debug("Event-stream client failed: {}", e.getMessage());
    } finally {
      closing = true;
      ended.run();
    }
  }
}
