from tenkatoitsu.cli import main

if __name__ == "__main__":  # a spawned sim worker imports this module without running it
    raise SystemExit(main())
