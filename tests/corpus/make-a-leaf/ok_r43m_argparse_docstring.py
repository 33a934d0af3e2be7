"""Make a leaf and sum its squares."""
import argparse
import logging

log = logging.getLogger(__name__)


def main() -> int:
    global x, y
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--verbose", "-v", action="store_true")
    args = parser.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")
    x = data.clone().requires_grad_()
    y = (x ** 2).sum()
    log.info("y = %s", y.item())
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
