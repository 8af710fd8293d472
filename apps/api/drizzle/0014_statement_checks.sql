-- Hand-written (decision 011, "Round trips"): a batch's write checks what it changed inside the statement
-- (how many holds, accounts, feeds its parts changed), so that its COMMIT can travel with it. The check is
-- a part of the statement (OneStatement.check): a false condition fails the statement, and its transaction.
CREATE FUNCTION "statement_check"(ok boolean, message text) RETURNS boolean LANGUAGE plpgsql AS $$
BEGIN
  IF ok IS NOT TRUE THEN
    RAISE EXCEPTION '%', message USING ERRCODE = 'PH001';
  END IF;
  RETURN true;
END $$;
