// Lets a cell run alone. Over HTTP every cell talks to the one server under test, so a scenario that
// says `isolate: true` (it compares connections, or judges what the server broadcasts to every
// session, such as resource updates) could see another cell's doing; on stdio it gets a process of
// its own, here it gets the server to itself: it waits until the cells in flight end, and no other
// cell starts until it ends. Cells already waiting for the gate go before cells that come later, so
// neither kind waits forever.

export class ExclusiveGate {
  private running = 0;
  private exclusive = false;
  private readonly queue: { alone: boolean; start: () => void }[] = [];

  /** Runs `job` alone when `alone`, otherwise beside any other cell that is not alone. */
  async run<T>(alone: boolean, job: () => Promise<T>): Promise<T> {
    await this.enter(alone);
    try {
      return await job();
    } finally {
      this.running--;
      this.exclusive = false;
      this.admit();
    }
  }

  private enter(alone: boolean): Promise<void> {
    if (this.queue.length === 0 && this.fits(alone)) {
      this.take(alone);
      return Promise.resolve();
    }
    return new Promise((resolve) => {
      this.queue.push({ alone, start: resolve });
    });
  }

  private fits(alone: boolean): boolean {
    return !this.exclusive && (!alone || this.running === 0);
  }

  private take(alone: boolean): void {
    this.running++;
    this.exclusive = alone;
  }

  private admit(): void {
    while (this.queue.length > 0 && this.fits(this.queue[0]!.alone)) {
      const next = this.queue.shift()!;
      this.take(next.alone);
      next.start();
    }
  }
}
