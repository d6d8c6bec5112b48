import Commands

Tool.main()
