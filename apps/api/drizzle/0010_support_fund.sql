-- Hand-written (decision 016): the ledger gets a platform account for support (support_fund: coins given to
-- support items, by wallet or help-pay). The kinds an account may have are now listed by the database itself;
-- the owner rule (users own wallets and earnings only) is unchanged. A new kind must be added here too.
ALTER TABLE "ledger_accounts" ADD CONSTRAINT "ledger_accounts_kind" CHECK ("kind" IN ('user_wallet', 'operator_earnings', 'platform_revenue', 'payment_clearing', 'cashout_clearing', 'support_fund'));
