package io.tandem.common.web;

import java.util.ArrayDeque;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.Condition;
import java.util.concurrent.locks.ReentrantLock;

/**
 * The queue of {@link AdmissionExecutor} and its count of turns, under one lock: which task runs next, and when a
 * thread has to be woken or started for it. A task runs when a turn is free, or beyond the turns once it was let (it
 * left its turn, or waited too long); tasks beyond the turns and threads parked in their kept place never take the
 * threads past the most.
 */
final class TurnQueue {

  private static final long IDLE_NANOS = TimeUnit.SECONDS.toNanos(10);

  private final int turns;
  private final int maxThreads;
  private final Runnable startThread;
  private final ReentrantLock lock = new ReentrantLock();
  private final Condition queued = lock.newCondition();
  // guarded by lock:
  private final ArrayDeque<AdmissionTask> queue = new ArrayDeque<>();
  private int holdingTurns; // tasks running with a turn
  private int beyondTurns; // tasks running, or let run, without one
  private int waitingInPlace; // threads parked in a kept place
  private int threads;
  private int idleThreads;
  private boolean closed;

  /** {@code startThread} starts a thread that takes tasks with {@link #next}; it is called under the lock. */
  TurnQueue(int turns, int maxThreads, Runnable startThread) {
    this.turns = turns;
    this.maxThreads = maxThreads;
    this.startThread = startThread;
  }

  void add(AdmissionTask task) {
    lock.lock();
    try {
      queue.add(task);
      dispatch();
    } finally {
      lock.unlock();
    }
  }

  /**
   * Queues {@code place} for the running {@code task}, whose turn goes to the next task queued, when others are queued
   * and there is room for one more thread; false (nothing queued) otherwise.
   */
  boolean keepPlace(AdmissionTask task, AdmissionTask place) {
    lock.lock();
    try {
      if (queue.isEmpty() || task.beyondTurns || !roomBeyondTurns()) {
        return false;
      }
      queue.add(place);
      holdingTurns--;
      waitingInPlace++;
      dispatch();
      return true;
    } finally {
      lock.unlock();
    }
  }

  /** Takes a kept place out of the queue, for a parked thread that goes on early; false when it was taken already. */
  boolean giveUp(AdmissionTask place) {
    lock.lock();
    try {
      if (!queue.remove(place)) {
        return false;
      }
      waitingInPlace--;
      if (!place.beyondTurns) {
        holdingTurns++; // perhaps one more than the turns, only while the server stops
      }
      return true;
    } finally {
      lock.unlock();
    }
  }

  /** Lets a running task go on without its turn, which the next task queued takes; at the most threads, it keeps it. */
  void leaveTurn(AdmissionTask task) {
    lock.lock();
    try {
      if (!task.beyondTurns && roomBeyondTurns()) {
        task.beyondTurns = true;
        beyondTurns++;
        holdingTurns--;
        dispatch();
      }
    } finally {
      lock.unlock();
    }
  }

  /** Lets each task queued since before {@code queuedBefore} run beyond the turns, oldest first; how many it let. */
  int letOverdueRun(long queuedBefore) {
    lock.lock();
    try {
      int let = 0;
      for (AdmissionTask task : queue) {
        if (task.queuedAt - queuedBefore >= 0) {
          break;
        }
        if (!task.beyondTurns && roomBeyondTurns()) {
          task.beyondTurns = true;
          beyondTurns++;
          let++;
        }
      }
      dispatch();
      return let;
    } finally {
      lock.unlock();
    }
  }

  /**
   * Ends the {@code finished} task's turn (if any), and takes the next task whose turn has come, waiting for one; null
   * when the calling thread should end: the queue is closed and has nothing to run, or the thread was idle for a while
   * and is one beyond the turns.
   */
  AdmissionTask next(AdmissionTask finished) {
    lock.lock();
    try {
      if (finished != null) {
        release(finished);
      }
      long idleSince = System.nanoTime();
      while (true) {
        AdmissionTask first = queue.peek();
        if (first != null && mayRun(first)) {
          take(first);
          return first;
        }
        if (closed || (threads > turns && System.nanoTime() - idleSince > IDLE_NANOS)) {
          threads--;
          return null;
        }
        idleThreads++;
        try {
          queued.awaitNanos(IDLE_NANOS);
        } catch (InterruptedException e) {
          Thread.currentThread().interrupt();
          threads--;
          return null;
        } finally {
          idleThreads--;
        }
      }
    } finally {
      lock.unlock();
    }
  }

  /** A thread that ended abruptly, running {@code task} (or null): its turn and its place go to others. */
  void lost(AdmissionTask task) {
    lock.lock();
    try {
      if (task != null) {
        release(task);
      }
      threads--;
      dispatch();
    } finally {
      lock.unlock();
    }
  }

  /** The threads take what is queued, then end. */
  void close() {
    lock.lock();
    try {
      closed = true;
      queued.signalAll();
    } finally {
      lock.unlock();
    }
  }

  int length() {
    lock.lock();
    try {
      return queue.size();
    } finally {
      lock.unlock();
    }
  }

  private boolean mayRun(AdmissionTask task) {
    return task.beyondTurns || holdingTurns < turns;
  }

  private void take(AdmissionTask first) {
    queue.poll();
    if (!first.beyondTurns) {
      holdingTurns++; // a kept place takes the turn for its parked thread
    }
    if (first.isPlaceKept()) {
      waitingInPlace--;
    }
    dispatch();
  }

  private void release(AdmissionTask finished) {
    if (finished.beyondTurns) {
      beyondTurns--;
    } else {
      holdingTurns--;
    }
  }

  private boolean roomBeyondTurns() {
    return turns + beyondTurns + waitingInPlace < maxThreads;
  }

  /** Wakes or starts a thread for the first task queued, if it may run now. */
  private void dispatch() {
    AdmissionTask first = queue.peek();
    if (first == null || !mayRun(first)) {
      return;
    }
    if (idleThreads > 0) {
      queued.signal();
    } else if (threads < maxThreads) {
      threads++;
      startThread.run();
    }
  }
}
