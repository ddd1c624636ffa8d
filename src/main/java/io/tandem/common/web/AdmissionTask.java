package io.tandem.common.web;

import java.util.concurrent.locks.LockSupport;

/**
 * One task of the web server as {@link AdmissionExecutor} queues it (a request, or the next step of one), or the place
 * kept in the queue for a request thread parked in {@link AdmissionExecutor#keepArrivalOrder()}. It runs beyond the
 * turns once it left its turn or waited too long.
 */
final class AdmissionTask {

  final AdmissionExecutor owner;
  final Runnable work; // null for a kept place
  final long queuedAt = System.nanoTime();
  volatile boolean beyondTurns; // written under the owner's lock, or by the task's own thread while it runs
  private final Thread waiter; // only for a kept place
  private volatile boolean come; // a kept place: taken
  private int served; // requests started in this task; only its own thread counts them

  private AdmissionTask(AdmissionExecutor owner, Runnable work, Thread waiter) {
    this.owner = owner;
    this.work = work;
    this.waiter = waiter;
  }

  static AdmissionTask of(AdmissionExecutor owner, Runnable work) {
    return new AdmissionTask(owner, work, null);
  }

  static AdmissionTask placeFor(AdmissionExecutor owner, Thread waiter) {
    return new AdmissionTask(owner, null, waiter);
  }

  boolean isPlaceKept() {
    return waiter != null;
  }

  boolean servedOneAlready() {
    return served++ > 0;
  }

  /** A kept place's turn has come: its parked thread goes on, with the turn that was taken for it. */
  void letWaiterGo() {
    come = true;
    LockSupport.unpark(waiter);
  }

  /** Parks until this kept place is taken. The server stopping (an interrupt) ends the wait early. */
  void awaitTurn() {
    while (!come) {
      LockSupport.park(this);
      if (Thread.currentThread().isInterrupted() && owner.giveUp(this)) {
        return;
      }
    }
  }
}
