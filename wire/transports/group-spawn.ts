// The execa options every child the runner starts shares: its own process group (so the whole tree
// can be signalled at once), no buffering and no rejection (failures surface as events and
// reports), and no execa kill escalation (the transports escalate over the whole group themselves).
export const GROUP_SPAWN_OPTIONS = {
  extendEnv: true,
  buffer: false,
  reject: false,
  detached: true,
  cleanup: true,
  forceKillAfterDelay: false,
} as const;
