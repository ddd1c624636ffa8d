package io.tandem.cli;

import java.io.IOException;
import java.io.InputStream;
import java.net.http.HttpResponse;
import java.nio.ByteBuffer;
import java.util.List;
import java.util.concurrent.Flow;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * Feeds a response body read from a stream to a body subscriber, as the subscriber asks for it, on a thread of its
 * own: a subscriber that gives the body as a stream (an event stream that never ends) has its stream at once, and one
 * that collects the whole body completes when the stream ends.
 */
final class Streaming implements Flow.Subscription {

  private static final int CHUNK = 16 * 1024;

  private final InputStream in;
  private final HttpResponse.BodySubscriber<?> subscriber;
  private final AtomicBoolean canceled = new AtomicBoolean();
  private long demand;

  private Streaming(InputStream in, HttpResponse.BodySubscriber<?> subscriber) {
    this.in = in;
    this.subscriber = subscriber;
  }

  static void feed(InputStream in, HttpResponse.BodySubscriber<?> subscriber) {
    Streaming streaming = new Streaming(in, subscriber);
    subscriber.onSubscribe(streaming);
    Thread thread = new Thread(streaming::pump, "tandem-response-body");
    thread.setDaemon(true);
    thread.start();
  }

  @Override
  public synchronized void request(long n) {
    demand = demand + n < 0 ? Long.MAX_VALUE : demand + n;
    notifyAll();
  }

  @Override
  public void cancel() {
    canceled.set(true);
    synchronized (this) {
      notifyAll();
    }
  }

  private void pump() {
    try (in) {
      byte[] buffer = new byte[CHUNK];
      while (awaitDemand()) {
        int read = in.read(buffer);
        if (read < 0) {
          subscriber.onComplete();
          return;
        }
        subscriber.onNext(List.of(ByteBuffer.wrap(buffer.clone(), 0, read)));
      }
    } catch (IOException | RuntimeException e) {
      if (!canceled.get()) {
        subscriber.onError(e);
      }
    }
  }

  private synchronized boolean awaitDemand() {
    while (demand == 0 && !canceled.get()) {
      try {
        wait();
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        return false;
      }
    }
    if (canceled.get()) {
      return false;
    }
    demand--;
    return true;
  }
}
