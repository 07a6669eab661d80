from tenkatoitsu.cli import main

raise SystemExit(main())
