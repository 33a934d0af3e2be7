"""``python -m tutor.kernel``: the kernel process (started by KernelClient)."""

from tutor.kernel.server import main

raise SystemExit(main())
